import type { Msg, NatsConnection, Subscription } from 'nats';

/** How long the subscriptions outlive their last listener, so a reconnecting stream finds them still there. */
const DEFAULT_LINGER_MS = 30_000;

/**
 * Core NATS subscriptions held only while a live stream is open on this process: with
 * none open, the server sends the gateway nothing, where it used to send it every event twice.
 * Each subject is read in order, one message at a time, by its own loop.
 */
export class OnDemandSubscriptions {
  private active: { subscriptions: Subscription[]; loops: Promise<void>[] } | undefined;
  private opening: Promise<void> | undefined;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly nats: NatsConnection,
    private readonly subjects: readonly string[],
    private readonly onMessage: (message: Msg) => Promise<void>,
    private readonly lingerMs = DEFAULT_LINGER_MS,
  ) {}

  /**
   * Resolves once the server has the subscriptions (a flush is a round trip the server answers
   * after every SUB before it), so whatever is published after this reaches onMessage: a stream
   * that holds them first and reads its backlog second misses nothing.
   */
  async hold(): Promise<void> {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (!this.active) {
      const subscriptions = this.subjects.map((subject) => this.nats.subscribe(subject));
      this.active = { subscriptions, loops: subscriptions.map((subscription) => this.drain(subscription)) };
      this.opening = this.nats.flush();
    }
    await this.opening;
  }

  /** No listener left: the subscriptions end after the linger, unless one comes back first. */
  release(): void {
    if (!this.active || this.idleTimer) return;
    this.idleTimer = setTimeout(() => void this.close(), this.lingerMs);
    this.idleTimer.unref();
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    const active = this.active;
    this.active = undefined;
    if (!active) return;
    for (const subscription of active.subscriptions) subscription.unsubscribe();
    await Promise.all(active.loops);
  }

  private async drain(subscription: Subscription): Promise<void> {
    for await (const message of subscription) await this.onMessage(message);
  }
}
