import { deriveEventId, deliveryStreamName, type KeyMode, type SealedSecret } from '@eh/contracts';
import { handleCommand, loadAggregate, type EventStore, type FoldedStream } from '@eh/event-store';
import type { RecordAttempt } from '../domain/delivery.commands';
import type { AttemptResult } from '../domain/delivery-outcome';
import { isPending, type DeliveryState, type PendingDelivery } from '../domain/delivery.state';
import { webhookHeaders } from '../domain/signature-header';
import { webhookSecretAad } from '../domain/stored-secret';
import { signingVersions, type SigningSecretState } from '../domain/signing-secret.decider';
import { activeSecrets, type WebhookEndpointState } from '../domain/webhook-endpoint.decider';
import type { AttemptScheduler } from './attempt-scheduler.port';
import { deliveryDecider, loadSigningSecret, loadWebhookEndpoint } from './delivery-deciders';

/** Port: one POST, never throwing; what happened is in the result. */
export interface WebhookSender {
  send(request: { url: string; body: string; headers: Record<string, string> }): Promise<AttemptResult>;
}


/** Port: opens a sealed signing secret (SecretCipher, behind a short cache in the webhooks service). */
export interface SecretOpener {
  open(sealed: SealedSecret, aad: string): string;
}

export interface AttemptDeps {
  store: EventStore;
  sender: WebhookSender;
  secrets: SecretOpener;
  scheduler: AttemptScheduler;
  retryDelaysMs: readonly number[];
  clock: () => Date;
  /** Issue 14: the signing streams' states, kept in memory while unchanged (HeardCommits); without it, read from the store. */
  signingReads?: SigningReads;
}

/** Where an attempt finds the secrets it signs with. */
export interface SigningReads {
  webhookEndpoint(workspaceOrEndpointId: string): Promise<WebhookEndpointState>;
  signingSecret(workspaceId: string, mode: KeyMode): Promise<SigningSecretState>;
}

const storeReads = (store: EventStore): SigningReads => ({
  webhookEndpoint: (id) => loadWebhookEndpoint(store, id),
  signingSecret: (workspaceId, mode) => loadSigningSecret(store, workspaceId, mode),
});

export type AttemptOutcome = 'skipped' | DeliveryState['status'];

/**
 * The plaintext secrets that sign at `at`, newest first. One that does not open (a key missing
 * from SECRETS_KEYRING, an altered row) throws: that is our configuration, not the receiver's
 * answer, so the job fails and is retried (reconciler) rather than dead-lettering deliveries.
 */
export function signingSecrets(endpoint: WebhookEndpointState, at: Date, opener: SecretOpener): string[] {
  if (endpoint.status !== 'registered') return [];
  const aad = webhookSecretAad(endpoint.workspace_id, endpoint.endpoint_id);
  return activeSecrets(endpoint, at.toISOString()).map((secret) => ('sealed' in secret ? opener.open(secret.sealed, aad) : secret.plaintext));
}

/** Issue 13: the workspace's `webhook_url` secrets of a mode that sign at `at`, newest first. */
export function urlSigningSecrets(secret: SigningSecretState, at: Date, opener: SecretOpener): string[] {
  if (secret.status !== 'active') return [];
  return signingVersions(secret, at.toISOString()).map((version) => opener.open(version.sealed, webhookSecretAad(secret.workspace_id, version.secret_id)));
}

const NO_SECRET: AttemptResult = { status_code: null, latency_ms: 0, error: 'no signing secret: the workspace has no webhook endpoint' };

/**
 * Which secrets sign a delivery (issue 13): a partner endpoint's own (its stream is keyed by its
 * id); the admin API's endpoint's (keyed by the workspace); for a `webhook_url`, the workspace's
 * signing secret of the mode, and beside it, for receivers set up before issue 13, the admin API's
 * endpoint's secrets (a receiver accepts any matching `v1`).
 */
async function secretsFor(deps: AttemptDeps, delivery: PendingDelivery, at: Date): Promise<string[]> {
  const { workspace_id, endpoint_id, mode } = delivery.details;
  const reads = deps.signingReads ?? storeReads(deps.store);
  if (endpoint_id !== null) {
    const own = await reads.webhookEndpoint(endpoint_id);
    const endpoint = own.status === 'none' ? await reads.webhookEndpoint(workspace_id) : own;
    return signingSecrets(endpoint, at, deps.secrets);
  }
  const forUrl = mode ? urlSigningSecrets(await reads.signingSecret(workspace_id, mode), at, deps.secrets) : [];
  return [...forUrl, ...signingSecrets(await reads.webhookEndpoint(workspace_id), at, deps.secrets)];
}

/**
 * One attempt of a delivery: load → check it still waits for this attempt → sign with the
 * secrets active now → POST → record the attempt and its outcome → schedule the retry.
 * A job that arrives late or twice finds the attempt already recorded and does nothing; an
 * attempt whose process died before recording is simply made again, with the same
 * Service-Delivery, which receivers dedupe on (SPEC.md "Delivery rules" 4).
 */
export async function attemptDelivery(deps: AttemptDeps, deliveryId: string, attempt: number, known?: FoldedStream<DeliveryState>): Promise<AttemptOutcome> {
  // `known`: the state its caller has just appended (FirstAttempts); a newer one makes the recording conflict and re-read.
  const loaded = known ?? (await loadAggregate(deps.store, deliveryStreamName(deliveryId), deliveryDecider));
  const state = loaded.state;
  if (!isPending(state) || state.next_attempt !== attempt) return 'skipped';
  const attemptedAt = deps.clock();
  const secrets = await secretsFor(deps, state, attemptedAt);
  // Without a secret nothing is sent: an unsigned webhook is one receivers must refuse. The
  // attempt fails and retries on the schedule, so registering an endpoint in time saves it.
  const result =
    secrets.length === 0
      ? NO_SECRET
      : await deps.sender.send({
          url: state.details.url,
          body: state.details.body,
          headers: webhookHeaders({
            deliveryId,
            eventType: state.details.event_type,
            body: state.details.body,
            timestampSeconds: Math.floor(attemptedAt.getTime() / 1000),
            secrets,
          }),
        });
  const now = deps.clock().toISOString();
  const recorded = await handleCommand(
    deps.store,
    deliveryDecider,
    deliveryStreamName(deliveryId),
    (current): RecordAttempt | null =>
      isPending(current) && current.next_attempt === attempt
        ? { type: 'record_attempt', attempt, attempted_at: attemptedAt.toISOString(), result, retry_delays_ms: deps.retryDelaysMs, now }
        : null,
    {
      workspaceId: state.details.workspace_id,
      correlationId: state.details.event_id,
      causationId: null,
      now,
      // One set of ids per attempt number: a second recording of the same attempt is absorbed.
      eventId: (index) => deriveEventId(deliveryId, `attempt-${attempt}`, index),
    },
    // Decided on the fold read before the POST; a concurrent recording makes the append conflict and re-read.
    { assumed: loaded },
  );
  const after = recorded.state;
  if (after.status === 'retrying' && recorded.events.length > 0) {
    // If this enqueue is lost (crash, Redis down), the reconciler re-derives it from PostgreSQL.
    await deps.scheduler.enqueue(deliveryId, after.next_attempt, new Date(after.next_attempt_at));
  }
  return after.status;
}
