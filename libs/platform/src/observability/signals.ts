import { counter, histogram } from './metrics-registry';

/**
 * The series bumped on hot paths, created once on first use. Names and labels are
 * listed in the README ("Signals"); the gauges computed on scrape are declared where their
 * state lives (each context's `@ContextRuntime()` provider, the relay, the reactor runner).
 */

/** Gateway: every answered request, by method, route template and status. */
export const httpRequestDuration = () =>
  histogram(
    'eh_http_request_duration_seconds',
    'HTTP requests answered, by method, route template and status code.',
    ['method', 'route', 'status'],
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );

/** Every event a reactor's durable consumer handled (`handled`) or failed on (`failed`, redelivered later). */
export const reactorEvents = () => counter('eh_reactor_events_total', 'Events handled by a reactor, by durable and outcome.', ['durable', 'outcome']);

/** Every event the relay published to JetStream. */
export const relayPublished = () => counter('eh_relay_published_events_total', 'Events published by the relay to JetStream.');

export const DELIVERY_OUTCOMES = ['succeeded', 'retrying', 'dead_lettered', 'failed', 'skipped', 'error'] as const;

/** Webhook attempts by what became of the delivery (`error`: the attempt threw, the job is retried). */
export const deliveryAttempts = () => counter('eh_webhook_delivery_attempts_total', 'Webhook delivery attempts, by outcome.', ['outcome']);

/** Deliveries that ran out of attempts in this process. */
export const deadLetters = () => counter('eh_webhook_dead_letters_total', 'Webhook deliveries dead-lettered (attempts exhausted).');

/** Series exist from the start at 0 (a rate over a series that appears late misses its first increase). */
export function initReactorSignals(durable: string): void {
  for (const outcome of ['handled', 'failed']) reactorEvents().inc({ durable, outcome }, 0);
}

export function initDeliverySignals(): void {
  for (const outcome of DELIVERY_OUTCOMES) deliveryAttempts().inc({ outcome }, 0);
  deadLetters().inc(0);
}
