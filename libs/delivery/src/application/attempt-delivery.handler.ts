import { deriveEventId, deliveryStreamName, newId, type KeyMode, type SealedSecret, type SignatureScheme } from '@eh/contracts';
import { handleCommand, loadAggregate, type CommandContext, type EventStore, type FoldedStream } from '@eh/event-store';
import type { RecordAttempt, ScheduleDelivery, ScheduleWithFirstAttempt } from '../domain/delivery.commands';
import { evolveDelivery, initialDeliveryState } from '../domain/delivery.evolve';
import type { AttemptResult } from '../domain/delivery-outcome';
import { isPending, type DeliveryState, type PendingDelivery } from '../domain/delivery.state';
import { webhookHeaders } from '../domain/signature-header';
import { webhookSecretAad } from '../domain/stored-secret';
import { signingVersions, type SigningSecretState } from '../domain/signing-secret.decider';
import { activeSecrets, type WebhookEndpointState } from '../domain/webhook-endpoint.decider';
import type { AttemptScheduler } from './attempt-scheduler.port';
import { deliveryDecider } from '../domain/delivery.decider';

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
  /** Where a retry's job goes. */
  scheduler: Pick<AttemptScheduler, 'enqueue'>;
  retryDelaysMs: readonly number[];
  clock: () => Date;
  /** The signing streams' states, kept in memory while unchanged (WebhookReads). */
  signingReads: SigningReads;
}

/** Where an attempt finds the secrets it signs with. */
export interface SigningReads {
  webhookEndpoint(workspaceOrEndpointId: string): Promise<WebhookEndpointState>;
  signingSecret(workspaceId: string, mode: KeyMode): Promise<SigningSecretState>;
}

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

/** The workspace's `webhook_url` secrets of a mode that sign at `at`, newest first. */
export function urlSigningSecrets(secret: SigningSecretState, at: Date, opener: SecretOpener): string[] {
  if (secret.status !== 'active') return [];
  return signingVersions(secret, at.toISOString()).map((version) => opener.open(version.sealed, webhookSecretAad(secret.workspace_id, version.secret_id)));
}

const NO_SECRET: AttemptResult = { status_code: null, latency_ms: 0, error: 'no signing secret: the workspace has no webhook endpoint' };

/**
 * Which secrets sign a delivery: a partner endpoint's own (its stream is keyed by its
 * id); the admin API's endpoint's (keyed by the workspace); for a `webhook_url`, the workspace's
 * signing secret of the mode, and beside it, for receivers set up earlier, the admin API's
 * endpoint's secrets (a receiver accepts any matching `v1`).
 */
async function secretsFor(deps: AttemptDeps, delivery: PendingDelivery, at: Date): Promise<{ secrets: string[]; scheme: SignatureScheme }> {
  const { workspace_id, endpoint_id, mode } = delivery.details;
  const reads = deps.signingReads;
  if (endpoint_id !== null) {
    const own = await reads.webhookEndpoint(endpoint_id);
    const endpoint = own.status === 'none' ? await reads.webhookEndpoint(workspace_id) : own;
    return { secrets: signingSecrets(endpoint, at, deps.secrets), scheme: endpoint.status === 'registered' ? endpoint.signature_scheme : 'service' };
  }
  const forUrl = mode ? urlSigningSecrets(await reads.signingSecret(workspace_id, mode), at, deps.secrets) : [];
  return { secrets: [...forUrl, ...signingSecrets(await reads.webhookEndpoint(workspace_id), at, deps.secrets)], scheme: 'service' };
}

/** What one POST of an attempt gave, and when it was made. */
export interface SentAttempt {
  attemptedAt: Date;
  result: AttemptResult;
}

/** Signs with the secrets active now and POSTs; throws only for our configuration (a secret that does not open). */
async function sendAttempt(deps: AttemptDeps, deliveryId: string, delivery: PendingDelivery): Promise<SentAttempt> {
  const attemptedAt = deps.clock();
  const { secrets, scheme } = await secretsFor(deps, delivery, attemptedAt);
  // Without a secret nothing is sent: an unsigned webhook is one receivers must refuse. The
  // attempt fails and retries on the schedule, so registering an endpoint in time saves it.
  const result =
    secrets.length === 0
      ? NO_SECRET
      : await deps.sender.send({
          url: delivery.details.url,
          body: delivery.details.body,
          headers: webhookHeaders({
            deliveryId,
            eventType: delivery.details.event_type,
            body: delivery.details.body,
            timestampSeconds: Math.floor(attemptedAt.getTime() / 1000),
            secrets,
            scheme,
          }),
        });
  return { attemptedAt, result };
}

/** Attempt `attempt`'s events: one set of ids per attempt number, so a second recording of it is absorbed. */
const attemptEventId = (deliveryId: string, attempt: number, index: number): string => deriveEventId(deliveryId, `attempt-${attempt}`, index);

/** A retry's job, once its schedule is recorded; if this enqueue is lost (crash, Redis down), the reconciler re-derives it from PostgreSQL. */
async function enqueueRetry(deps: AttemptDeps, deliveryId: string, recorded: { state: DeliveryState; events: readonly unknown[] }): Promise<void> {
  const after = recorded.state;
  if (after.status === 'retrying' && recorded.events.length > 0) await deps.scheduler.enqueue(deliveryId, after.next_attempt, new Date(after.next_attempt_at));
}

/** An attempt of a delivery that is recorded: from the queue (read), or from the fold its caller has just appended. */
export interface RecordedStart {
  deliveryId: string;
  attempt: number;
  /** The state its caller has just appended, not read again; a newer one makes the recording conflict and re-read. */
  folded?: FoldedStream<DeliveryState>;
  /** The POST, made already before the schedule was recorded: only recorded here. */
  sent?: SentAttempt;
}

/** Attempt 1 of a delivery nothing has recorded yet, recorded with its schedule if answered within `waitMs`. */
export interface UnrecordedStart {
  schedule: ScheduleDelivery;
  /** The schedule's, as it would be appended alone; the attempt's events keep their own ids. */
  context: CommandContext;
  waitMs: number;
  /** Called once the POST has its answer (or fails), before anything is recorded. */
  answered: () => void;
}

export type AttemptStart = RecordedStart | UnrecordedStart;

/** An attempt whose outcome is recorded, and the delivery as it left it. */
export interface RecordedAttempt {
  recorded: true;
  outcome: AttemptOutcome;
  folded: FoldedStream<DeliveryState>;
  /** The delivery's schedule was appended by this call (with its first attempt). */
  created: boolean;
}

/** Not answered within the wait, or failing for our configuration: the caller records the schedule, then the POST (`sent`). */
export interface UnrecordedAttempt {
  recorded: false;
  sent: Promise<SentAttempt>;
}

export type AttemptReport = RecordedAttempt | UnrecordedAttempt;

export const deliveryIdOf = (start: AttemptStart): string => ('schedule' in start ? start.schedule.data.delivery_id : start.deliveryId);
export const attemptNumberOf = (start: AttemptStart): number => ('schedule' in start ? 1 : start.attempt);

/**
 * The one entry for an attempt of a delivery: load (unless its caller holds the fold) → check it
 * still waits for this attempt → sign with the secrets active now → POST → record the attempt and
 * its outcome → schedule the retry. A job that arrives late or twice finds the attempt already
 * recorded and does nothing; an attempt whose process died before recording is simply made again,
 * with the same Service-Delivery, which receivers dedupe on.
 *
 * From an UnrecordedStart, attempt 1 is made before anything is recorded: sent within `waitMs`,
 * the schedule and the attempt are appended together (one append where there were two); if not,
 * nothing is appended here. Nothing is lost by it as long as the caller acks the event that asked
 * for the delivery only after a record: killed before one, the event comes again and so does the
 * attempt, with the same Service-Delivery.
 */
export function attemptDelivery(deps: AttemptDeps, start: RecordedStart): Promise<RecordedAttempt>;
export function attemptDelivery(deps: AttemptDeps, start: AttemptStart): Promise<AttemptReport>;
export async function attemptDelivery(deps: AttemptDeps, start: AttemptStart): Promise<AttemptReport> {
  return 'schedule' in start ? attemptBeforeScheduling(deps, start) : attemptRecorded(deps, start);
}

async function attemptRecorded(deps: AttemptDeps, { deliveryId, attempt, folded, sent }: RecordedStart): Promise<RecordedAttempt> {
  const loaded = folded ?? (await loadAggregate(deps.store, deliveryStreamName(deliveryId), deliveryDecider));
  const { state } = loaded;
  if (!isPending(state) || state.next_attempt !== attempt) return { recorded: true, outcome: 'skipped', folded: loaded, created: false };
  const posted = sent ?? (await sendAttempt(deps, deliveryId, state));
  const now = deps.clock().toISOString();
  const recorded = await handleCommand(
    deps.store,
    deliveryDecider,
    deliveryStreamName(deliveryId),
    (current): RecordAttempt | null =>
      isPending(current) && current.next_attempt === attempt
        ? { type: 'record_attempt', attempt, attempted_at: posted.attemptedAt.toISOString(), result: posted.result, retry_delays_ms: deps.retryDelaysMs, now }
        : null,
    {
      workspaceId: state.details.workspace_id,
      correlationId: state.details.event_id,
      causationId: null,
      now,
      eventId: (index) => attemptEventId(deliveryId, attempt, index),
    },
    // Decided on the fold it was sent from; a concurrent recording makes the append conflict and re-read.
    { assumed: loaded },
  );
  await enqueueRetry(deps, deliveryId, recorded);
  return { recorded: true, outcome: recorded.state.status, folded: { state: recorded.state, revision: recorded.revision }, created: false };
}

async function attemptBeforeScheduling(deps: AttemptDeps, { schedule, context, waitMs, answered }: UnrecordedStart): Promise<AttemptReport> {
  const deliveryId = schedule.data.delivery_id;
  const pending = evolveDelivery(initialDeliveryState, { type: 'delivery.scheduled', data: schedule.data });
  if (!isPending(pending)) throw new Error(`a schedule leaves delivery ${deliveryId} ${pending.status}`);
  const sending = sendAttempt(deps, deliveryId, pending);
  sending.then(answered, answered);
  const sent = await settledWithin(sending, waitMs);
  if (!sent) return { recorded: false, sent: sending };
  const now = deps.clock().toISOString();
  const attempt = { attempted_at: sent.attemptedAt.toISOString(), result: sent.result, retry_delays_ms: deps.retryDelaysMs, now };
  const scheduleEventId = context.eventId ?? (() => newId('event'));
  const recorded = await handleCommand(
    deps.store,
    deliveryDecider,
    deliveryStreamName(deliveryId),
    // A redelivered event finds the delivery there already: the POST was a repeat, nothing is recorded.
    (current): ScheduleWithFirstAttempt | null => (current.status === 'initial' ? { type: 'schedule_with_first_attempt', data: schedule.data, attempt } : null),
    { ...context, eventId: (index) => (index === 0 ? scheduleEventId(0) : attemptEventId(deliveryId, 1, index - 1)) },
    { assumed: { state: initialDeliveryState, revision: -1 } },
  );
  await enqueueRetry(deps, deliveryId, recorded);
  return {
    recorded: true,
    outcome: recorded.state.status,
    folded: { state: recorded.state, revision: recorded.revision },
    created: recorded.events.length > 0 && recorded.repeated !== true,
  };
}

/** The value, if `promise` fulfils within `ms`; undefined if it is slower or rejects (its caller still holds it). */
async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}
