import { derivedId, timePartOf, type SignatureScheme } from '@eh/contracts';
import { webhookHeaders } from '@eh/delivery';

/** How long the local server has to answer: the same 10 s a real delivery gives an endpoint. */
export const FORWARD_TIMEOUT_MS = 10_000;

export interface ForwardedEvent {
  eventId: string;
  eventType: string;
  deliveryId: string;
  /** The local server's status, or null when it gave none (refused, timed out). */
  status: number | null;
  error: string | null;
  latencyMs: number;
}

/**
 * The listener's delivery id for an event: derived like a real delivery's from the event and the
 * destination, so a resumed session forwarding an event again sends the same id (receivers dedupe on it).
 */
export const listenerDeliveryId = (eventId: string, forwardTo: URL): string =>
  derivedId({ prefix: 'del', time: timePartOf(eventId), seed: `${eventId}|listen:${forwardTo.href}`, encoding: 'byte-modulo' });

/**
 * POSTs one event's body to the local URL with the headers a delivery carries, signed by the
 * same code the webhooks service signs with. No retry: the local server is the developer's own,
 * and the line printed says what it answered.
 */
export async function forwardEvent(
  body: string,
  target: { forwardTo: URL; scheme: SignatureScheme; secret: string },
  now: () => Date = () => new Date(),
): Promise<ForwardedEvent> {
  const event = JSON.parse(body) as { id: string; type: string };
  const deliveryId = listenerDeliveryId(event.id, target.forwardTo);
  const headers = webhookHeaders({
    deliveryId,
    eventType: event.type,
    body,
    timestampSeconds: Math.floor(now().getTime() / 1000),
    secrets: [target.secret],
    scheme: target.scheme,
  });
  const started = performance.now();
  const base = { eventId: event.id, eventType: event.type, deliveryId };
  try {
    const response = await fetch(target.forwardTo, {
      method: 'POST',
      headers: { ...headers, 'user-agent': 'expert-handoff-listen' },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { ...base, status: response.status, error: null, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ...base, status: null, error: reasonOf(error), latencyMs: Math.round(performance.now() - started) };
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${FORWARD_TIMEOUT_MS / 1000} s`;
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
}

/** One line per event: time, type, event id, then what the local server answered. */
export function forwardLine(forwarded: ForwardedEvent, at: Date): string {
  const outcome = forwarded.status === null ? `failed: ${forwarded.error}` : `${forwarded.status}`;
  return `${at.toISOString()}  ${forwarded.eventType.padEnd(26)} ${forwarded.eventId}  --> ${outcome} (${forwarded.latencyMs} ms)`;
}
