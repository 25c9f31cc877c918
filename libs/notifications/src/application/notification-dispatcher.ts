import type { MailSender } from '@eh/mail';
import { startPeriodicTask, type PeriodicTask, type SqlClient } from '@eh/platform';
import { afterAttempt, beforeAttempt, type AttemptOutcome } from '../domain/retry-schedule';
import { pushTtlSeconds } from '../domain/push-topic';
import { sendEmail } from '../adapters/email.channel';
import { sendPush } from '../adapters/push.channel';
import { claimDueSends, pushKeysOf, recordOutcome, type ClaimedSend } from '../adapters/notification-sends.store';
import { offerIsOpen } from '../adapters/notification-facts.query';
import type { NotificationConfig } from '../adapters/notifications-config';

export interface DispatcherDeps {
  sql: SqlClient;
  mail: MailSender;
  config: NotificationConfig;
  clock: () => Date;
  onError: (error: unknown) => void;
}

/**
 * Works through the sends table: claims what is due (with a lease), checks an offer is still open,
 * sends, records the outcome and the next retry. Woken at once when the reactor plans sends, and
 * every `pollIntervalMs` for retries and for claims a dead process left. At most `concurrency`
 * sends in flight: a stalled SMTP server holds its own attempts only.
 *
 * Delivery is at least once per claim: a process killed after the server took a message but
 * before its outcome was written sends it again once the lease runs out, with the same Message-ID
 * (e-mail) or Topic and tag (push), so clients show one. Killed earlier, nothing was delivered.
 */
export class NotificationDispatcher {
  private task: PeriodicTask | null = null;
  private inFlight = 0;
  private passing = false;
  private again = false;
  /** A pass stopped at the concurrency bound: sends may still be due, so the next free slot looks again. */
  private full = false;

  constructor(private readonly deps: DispatcherDeps) {}

  start(): void {
    this.task = startPeriodicTask('notification sends', this.deps.config.pollIntervalMs, () => this.pass(), this.deps.onError);
  }

  async stop(): Promise<void> {
    await this.task?.stop();
    this.task = null;
    while (this.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /** New sends were planned: look now rather than at the next tick. */
  kick(): void {
    if (!this.task) return;
    this.pass().catch(this.deps.onError);
  }

  private async pass(): Promise<void> {
    if (this.passing) {
      this.again = true;
      return;
    }
    this.passing = true;
    try {
      do {
        this.again = false;
        const room = this.deps.config.concurrency - this.inFlight;
        if (room <= 0) {
          this.full = true;
          return;
        }
        const claimed = await claimDueSends(this.deps.sql, this.deps.clock(), this.deps.config.leaseMs, room);
        for (const send of claimed) this.run(send);
        if (claimed.length === room) this.again = true;
      } while (this.again);
    } finally {
      this.passing = false;
    }
  }

  private run(send: ClaimedSend): void {
    this.inFlight += 1;
    this.attempt(send)
      .catch(this.deps.onError)
      .finally(() => {
        this.inFlight -= 1;
        if (this.full) {
          this.full = false;
          this.kick();
        }
      });
  }

  private async attempt(send: ClaimedSend): Promise<void> {
    const { sql, config, clock } = this.deps;
    const policy = config.retry[send.channel];
    const offerOpen =
      send.kind === 'offer' && send.offer_number !== null ? await offerIsOpen(sql, send.deployment_id, send.offer_number, send.expert_id, clock()) : null;
    const verdict = beforeAttempt(policy, send.attempts, offerOpen);
    if (!verdict.go) return recordOutcome(sql, send, { status: verdict.status, error: verdict.error }, clock());
    const outcome = await withinLease(this.deliver(send), config.leaseMs);
    const now = clock();
    const expiresAt = send.message.expires_at === null ? null : new Date(send.message.expires_at);
    await recordOutcome(sql, send, afterAttempt(policy, send.attempts, outcome, now, expiresAt), now);
  }

  private async deliver(send: ClaimedSend): Promise<AttemptOutcome> {
    const { sql, config, mail, clock } = this.deps;
    if (send.channel === 'email') return sendEmail(mail, send.recipient, send.notification_id, send.message, config.consoleBaseUrl);
    if (config.vapid === null) return { kind: 'permanent', error: 'no VAPID keys are configured' };
    const keys = await pushKeysOf(sql, send.subscription_id);
    if (keys === null) return { kind: 'gone', error: 'the subscription was removed' };
    const expiresAt = send.message.expires_at === null ? null : new Date(send.message.expires_at);
    const payload = { kind: send.kind, deployment_id: send.deployment_id, offer_number: send.offer_number, ...send.message, tag: send.notification_id };
    return sendPush(keys, payload, { vapid: config.vapid, ttlSeconds: pushTtlSeconds(expiresAt, clock()), timeoutMs: config.pushTimeoutMs });
  }
}

/**
 * An attempt still running at half its lease is given up as retryable, so its outcome is always
 * written while the claim holds: only a dead process's claim ever runs out. The channels' own
 * timeouts end attempts long before (the runtime refuses a lease that does not leave room for them).
 */
async function withinLease(attempt: Promise<AttemptOutcome>, leaseMs: number): Promise<AttemptOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<AttemptOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'retryable', error: `no answer within ${Math.floor(leaseMs / 2)} ms` }), Math.floor(leaseMs / 2));
  });
  try {
    return await Promise.race([attempt, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
