import { Logger } from '@nestjs/common';
import { LIVE_DEPLOYMENTS_SUBJECT, type DeploymentEvent } from '@eh/contracts';
import { deploymentDecider, expertNotices, noticeNeedsHistory, type DeploymentState, type ExpertNotice } from '@eh/deployments';
import { FollowedStreams, loadAggregate, toDomainEvent, type EventStore, type RecordedEvent } from '@eh/event-store';
import type { NatsConnection } from 'nats';
import { LiveStreamRegistry } from './live-stream-registry';
import type { PresenceBeacon } from './expert-presence-beacon';

/** One open `GET /expert/v1/events` stream. */
export interface EventStreamClient {
  expertId: string;
  /** The cookie session behind it, so a sign-out on this replica ends it at once; null for a bearer credential. */
  sessionTokenSha256: string | null;
  send(notice: ExpertNotice): void;
  close(): void;
}

/**
 * Feeds the console's live updates from NATS. One core NATS subscription per gateway
 * process on every live deployment event the relay publishes, held while a stream is open here
 * (a test-mode deployment is played by the synthetic expert: no person is told of it, and its
 * events, sent here, would only push live deployments out of the folds below),
 * fanned out in memory to the streams open on this process: a plain subscription (not a
 * JetStream consumer) because every replica must see every event, nothing has to survive a
 * restart (a reconnecting console refetches), and it costs the server no consumer state. The
 * experts concerned are worked out once per event, not per stream.
 */
export class ExpertEventHub {
  private readonly streams: LiveStreamRegistry<EventStreamClient>;
  /**
   * The deployments this hub has seen, folded event by event, so a notice that needs the
   * deployment as it stood (who is assigned) costs no read of its stream. Sized for the
   * deployments in flight at once; one it lost or never saw whole is read once and followed on.
   */
  private readonly followed = new FollowedStreams<DeploymentEvent, DeploymentState>(deploymentDecider, 2_000);
  /**
   * The same deployments as heard and as this gateway's own commands left them (an expert's
   * action remembers what it appended): an action decides on them without a read, and only
   * its append's expected revision proves them current. Kept apart from the folds above, which
   * must stand just before each event they are told of.
   */
  readonly commandFolds = new FollowedStreams<DeploymentEvent, DeploymentState>(deploymentDecider, 2_000);

  constructor(
    nats: NatsConnection,
    subjectPrefix: string,
    private readonly store: EventStore,
    /** Marks the experts with a stream open here as connected (console presence, read by the router). */
    private readonly presence: PresenceBeacon,
  ) {
    // In order, one at a time: a notice never overtakes an earlier one for the same deployment.
    this.streams = new LiveStreamRegistry(
      nats,
      [`${subjectPrefix}.${LIVE_DEPLOYMENTS_SUBJECT}`],
      (recorded) => this.dispatch(recorded),
      new Logger('ExpertEvents'),
    );
  }

  /** Registers a stream; resolves, with the function that removes it, once every later event will reach it. */
  async connect(client: EventStreamClient): Promise<() => void> {
    const disconnect = await this.streams.connect(client.expertId, client);
    // Connected only once every later event reaches the stream: an offer made now is heard.
    const release = this.presence.hold(client.expertId);
    return () => {
      release();
      disconnect();
    };
  }

  /** Ends the streams of a session that was signed out here (other replicas notice at their next check). */
  closeSession(tokenSha256: string): void {
    this.streams.closeSession(tokenSha256);
  }

  /** Ends every cookie-session stream of an expert (sign-out everywhere, revocation); bearer streams stay. */
  closeExpertSessions(expertId: string): void {
    for (const client of this.streams.clientsOf(expertId)) if (client.sessionTokenSha256 !== null) client.close();
  }

  get openStreams(): number {
    return this.streams.size;
  }

  /** Ends every stream (the gateway is closing) and the subscription. */
  stop(): Promise<void> {
    this.presence.stop();
    return this.streams.closeAll();
  }

  private async dispatch(recorded: RecordedEvent): Promise<void> {
    const event = toDomainEvent<DeploymentEvent>(recorded);
    // Only events whose expert is not named in the event itself need the deployment before them.
    const before = noticeNeedsHistory(event.type) ? await this.stateBefore(recorded) : deploymentDecider.initialState;
    this.followed.at(recorded);
    this.commandFolds.at(recorded);
    for (const notice of expertNotices(event, recorded.streamRevision, before)) {
      for (const client of this.streams.clientsOf(notice.expertId)) client.send(notice);
    }
  }

  private async stateBefore(recorded: RecordedEvent): Promise<DeploymentState> {
    const known = this.followed.get(recorded.streamName);
    if (known && known.revision === recorded.streamRevision - 1) return known.state;
    const loaded = await loadAggregate(this.store, recorded.streamName, { ...deploymentDecider, to: recorded.streamRevision - 1 });
    // Followed from here only if the read reached the event before this one.
    if (loaded.revision === recorded.streamRevision - 1) this.followed.set(recorded.streamName, loaded);
    return loaded.state;
  }
}
