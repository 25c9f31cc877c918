import { webhookEndpointStreamName } from '@eh/contracts';
import { handleCommand, loadAggregate, type EventStore } from '@eh/event-store';
import { MailNotSent, type MailSender } from '@eh/mail';
import type { SqlClient } from '@eh/platform';
import { endpointsDisabledForFailing, endpointsFailingFor, workspaceOwnerEmails, type EndpointAttemptsSummary } from '../adapters/endpoint-health.query';
import { decideEndpointHealth } from '../domain/endpoint-health';
import type { WebhookEndpointCommand, WebhookEndpointState } from '../domain/webhook-endpoint.decider';
import { webhookEndpointDecider } from '../domain/webhook-endpoint.decider';

export interface EndpointHealthDeps {
  store: EventStore;
  sql: SqlClient;
  mail: MailSender;
  disableAfterMs: number;
  clock: () => Date;
  /** Where the owner's e-mail sends them: the console's page of the endpoint. */
  consoleUrl: (endpointId: string, mode: 'test' | 'live' | null) => string;
  log: (line: string, error?: unknown) => void;
}

/** The disable command for an endpoint as folded now, or null when the decision keeps it. */
function disableIfFailing(summary: EndpointAttemptsSummary, deps: EndpointHealthDeps, now: string) {
  return (state: WebhookEndpointState): WebhookEndpointCommand | null => {
    if (state.status !== 'registered') return null;
    const verdict = decideEndpointHealth(
      {
        enabled: state.enabled,
        enabled_at: state.enabled_at,
        failing_since: summary.failing_since,
        last_failure_at: summary.last_failure_at,
        last_success_at: summary.last_success_at,
      },
      deps.disableAfterMs,
    );
    return verdict.action === 'disable'
      ? { type: 'disable_for_failures', failing_since: verdict.failing_since, last_failure_at: verdict.last_failure_at, now }
      : null;
  };
}

/**
 * One pass: disables every endpoint the health decision says to (an event on its stream, so the
 * fan-out stops sending to it at once), then e-mails the owners of every endpoint disabled and not
 * yet told, recording that they were. Each step is idempotent: run again after a crash, it
 * disables nothing twice, and mails again only what it had not recorded (the same Message-ID).
 */
export async function checkEndpointHealth(deps: EndpointHealthDeps): Promise<{ disabled: string[]; notified: string[] }> {
  const now = deps.clock().toISOString();
  const disabled: string[] = [];
  for (const summary of await endpointsFailingFor(deps.sql, deps.disableAfterMs)) {
    const context = { workspaceId: summary.workspace_id, correlationId: `endpoint-health:${summary.endpoint_id}`, causationId: null, now };
    const result = await handleCommand(
      deps.store,
      webhookEndpointDecider,
      webhookEndpointStreamName(summary.endpoint_id),
      disableIfFailing(summary, deps, now),
      context,
    );
    if (result.events.length > 0) disabled.push(summary.endpoint_id);
  }
  const notified: string[] = [];
  if (!deps.mail.configured) return { disabled, notified };
  for (const { endpoint_id: endpointId, workspace_id: workspaceId } of await endpointsDisabledForFailing(deps.sql)) {
    try {
      if (await notifyOwners(deps, endpointId, workspaceId)) notified.push(endpointId);
    } catch (error) {
      deps.log(`could not tell the owners of ${workspaceId} that ${endpointId} was disabled; trying again next pass`, error);
    }
  }
  return { disabled, notified };
}

async function notifyOwners(deps: EndpointHealthDeps, endpointId: string, workspaceId: string): Promise<boolean> {
  const stream = webhookEndpointStreamName(endpointId);
  const { state } = await loadAggregate(deps.store, stream, webhookEndpointDecider);
  if (state.status !== 'registered' || state.disabled === null || state.disabled.owners_notified) return false;
  const owners = await workspaceOwnerEmails(deps.sql, workspaceId);
  const disabled = state.disabled;
  let sent = 0;
  for (const owner of owners) {
    try {
      await deps.mail.send({
        to: owner,
        key: `endpoint-disabled:${endpointId}:${disabled.disabled_at}:${owner}`,
        subject: `Webhook endpoint disabled: ${state.url}`,
        text: [
          `Every delivery to your ${state.mode ?? ''} webhook endpoint ${state.url} (${endpointId}) has failed since ${disabled.failing_since}, so it was disabled at ${disabled.disabled_at}. No events are sent to it while it is disabled.`,
          '',
          `Fix the receiver, then enable the endpoint again: ${deps.consoleUrl(endpointId, state.mode)}`,
          'Deliveries that failed meanwhile stay in the delivery log, where they can be resent.',
        ].join('\n'),
      });
      sent += 1;
    } catch (error) {
      // An address the server refuses for good is skipped; anything else is tried again next pass.
      if (!(error instanceof MailNotSent && error.permanent)) throw error;
      deps.log(`the owner address of ${workspaceId} was refused for good; skipped`, error);
    }
  }
  const context = { workspaceId, correlationId: `endpoint-health:${endpointId}`, causationId: null, now: deps.clock().toISOString() };
  const recorded = await handleCommand(
    deps.store,
    webhookEndpointDecider,
    stream,
    { type: 'record_owners_notified', recipients: sent, now: context.now },
    context,
  );
  return recorded.events.length > 0;
}

/** Runs checkEndpointHealth every `intervalMs` (WEBHOOK_ENDPOINT_HEALTH_INTERVAL_MS), one pass at a time. */
export class EndpointHealthMonitor {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly deps: EndpointHealthDeps,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= checkEndpointHealth(this.deps)
        .then(({ disabled }) => {
          for (const id of disabled) this.deps.log(`disabled ${id}: every attempt failed for ${this.deps.disableAfterMs / 1000} s`);
        })
        .catch((error: unknown) => this.deps.log('endpoint health check failed; trying again next pass', error))
        .finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
