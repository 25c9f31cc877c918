import type { Logger } from '@nestjs/common';
import { eventsOfBusMessage, type RecordedEvent } from '@eh/event-store';
import type { Msg, NatsConnection } from 'nats';
import { OnDemandSubscriptions } from './on-demand-subscriptions';

/** What the registry needs of an open stream. */
export interface LiveStreamClient {
  /** The cookie session behind it, so a sign-out on this replica ends it at once; null for a key or bearer credential. */
  sessionTokenSha256: string | null;
  close(): void;
}

/**
 * The live streams open on this gateway, grouped by whose they are (a workspace, an expert), and
 * the NATS subscriptions that feed them, held while at least one stream is open.
 * Shared by the partners' hub and the expert console's.
 */
export class LiveStreamRegistry<Client extends LiveStreamClient> {
  private readonly groups = new Map<string, Set<Client>>();
  private readonly subscriptions: OnDemandSubscriptions;

  /**
   * `subjects` are read in order, one event at a time each, and handed to `dispatch` while a
   * stream is open; an event that cannot be passed on is logged and skipped (the stream lives on).
   */
  constructor(
    nats: NatsConnection,
    subjects: readonly string[],
    private readonly dispatch: (recorded: RecordedEvent) => Promise<void>,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {
    this.subscriptions = new OnDemandSubscriptions(nats, subjects, (message) => this.receive(message));
  }

  /**
   * Registers a stream; resolves, with the function that removes it, once every event published
   * from then on will reach it.
   */
  async connect(group: string, client: Client): Promise<() => void> {
    const set = this.groups.get(group) ?? new Set<Client>();
    set.add(client);
    this.groups.set(group, set);
    const disconnect = (): void => {
      set.delete(client);
      if (set.size === 0 && this.groups.get(group) === set) this.groups.delete(group);
      if (this.groups.size === 0) this.subscriptions.release();
    };
    try {
      await this.subscriptions.hold();
    } catch (error) {
      disconnect();
      throw error;
    }
    return disconnect;
  }

  clientsOf(group: string): readonly Client[] {
    return [...(this.groups.get(group) ?? [])];
  }

  get isEmpty(): boolean {
    return this.groups.size === 0;
  }

  get size(): number {
    let count = 0;
    for (const set of this.groups.values()) count += set.size;
    return count;
  }

  /** Ends the streams of a session signed out here (other replicas notice at their next check). */
  closeSession(tokenSha256: string): void {
    for (const client of this.all()) if (client.sessionTokenSha256 === tokenSha256) client.close();
  }

  /** Ends every stream (the gateway is closing) and the subscriptions. */
  async closeAll(): Promise<void> {
    for (const client of this.all()) client.close();
    await this.subscriptions.close();
  }

  /** One event, or a bundle of one stream's consecutive events; one that fails to go out does not hold back the rest. */
  private async receive(message: Msg): Promise<void> {
    if (this.groups.size === 0) return;
    let events: RecordedEvent[];
    try {
      events = eventsOfBusMessage(message.string());
    } catch (error) {
      this.logger.warn(`message on ${message.subject} not read: ${describe(error)}`);
      return;
    }
    for (const event of events) {
      try {
        await this.dispatch(event);
      } catch (error) {
        this.logger.warn(`event ${event.id} on ${message.subject} not passed on: ${describe(error)}`);
      }
    }
  }

  private all(): Client[] {
    return [...this.groups.values()].flatMap((set) => [...set]);
  }
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));
