import { Logger } from '@nestjs/common';
import type { DeploymentEvent } from '@eh/contracts';
import { deploymentDecider, expertNotices, noticeNeedsHistory, type ExpertNotice } from '@eh/deployments';
import { categorySubject, loadAggregate, toDomainEvent, type EventStore, type RecordedEvent } from '@eh/event-store';
import type { Msg, NatsConnection } from 'nats';
import { OnDemandSubscriptions } from '../../events/on-demand-subscriptions';

/** One open `GET /expert/v1/events` stream. */
export interface EventStreamClient {
  expertId: string;
  /** The cookie session behind it, so a sign-out on this replica ends it at once; null for a bearer credential. */
  sessionTokenSha256: string | null;
  send(notice: ExpertNotice): void;
  close(): void;
}

/**
 * Feeds the console's live updates from NATS (issue 12). One core NATS subscription per gateway
 * process on every deployment event the relay publishes, held while a stream is open here (issue
 * 14), fanned out in memory to the streams open on this process: a plain subscription (not a JetStream consumer) because every replica must see
 * every event, nothing has to survive a restart (a reconnecting console refetches), and it costs
 * the server no consumer state. The experts concerned are worked out once per event, not per stream.
 */
export class ExpertEventHub {
  private readonly logger = new Logger('ExpertEvents');
  private readonly clients = new Map<string, Set<EventStreamClient>>();
  private readonly subscription: OnDemandSubscriptions;

  constructor(
    nats: NatsConnection,
    subjectPrefix: string,
    private readonly store: EventStore,
  ) {
    // In order, one at a time: a notice never overtakes an earlier one for the same deployment.
    this.subscription = new OnDemandSubscriptions(nats, [categorySubject(subjectPrefix, 'deployment')], (message) => this.receive(message));
  }

  /**
   * Registers a stream; resolves, with the function that removes it, once every event published
   * from then on will reach it (the subscription exists only while a stream is open here).
   */
  async connect(client: EventStreamClient): Promise<() => void> {
    const set = this.clients.get(client.expertId) ?? new Set<EventStreamClient>();
    set.add(client);
    this.clients.set(client.expertId, set);
    const disconnect = (): void => {
      set.delete(client);
      if (set.size === 0 && this.clients.get(client.expertId) === set) this.clients.delete(client.expertId);
      if (this.clients.size === 0) this.subscription.release();
    };
    try {
      await this.subscription.hold();
    } catch (error) {
      disconnect();
      throw error;
    }
    return disconnect;
  }

  /** Ends the streams of a session that was signed out here (other replicas notice at their next check). */
  closeSession(tokenSha256: string): void {
    for (const set of this.clients.values()) for (const client of [...set]) if (client.sessionTokenSha256 === tokenSha256) client.close();
  }

  /** Ends every cookie-session stream of an expert (sign-out everywhere, revocation); bearer streams stay. */
  closeExpertSessions(expertId: string): void {
    for (const client of [...(this.clients.get(expertId) ?? [])]) if (client.sessionTokenSha256 !== null) client.close();
  }

  get openStreams(): number {
    let count = 0;
    for (const set of this.clients.values()) count += set.size;
    return count;
  }

  /** Ends every stream (the gateway is closing) and the subscription. */
  async stop(): Promise<void> {
    for (const set of this.clients.values()) for (const client of [...set]) client.close();
    await this.subscription.close();
  }

  private async receive(message: Msg): Promise<void> {
    if (this.clients.size === 0) return;
    try {
      await this.dispatch(JSON.parse(message.string()) as RecordedEvent);
    } catch (error) {
      this.logger.warn(`event on ${message.subject} not passed on: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async dispatch(recorded: RecordedEvent): Promise<void> {
    const event = toDomainEvent<DeploymentEvent>(recorded);
    // Only events whose expert is not named in the event itself cost a read of the stream.
    const before = noticeNeedsHistory(event.type)
      ? (await loadAggregate(this.store, recorded.streamName, { ...deploymentDecider, to: recorded.streamRevision - 1 })).state
      : deploymentDecider.initialState;
    for (const notice of expertNotices(event, recorded.streamRevision, before)) {
      for (const client of this.clients.get(notice.expertId) ?? []) client.send(notice);
    }
  }
}
