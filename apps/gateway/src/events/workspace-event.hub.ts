import { Logger } from '@nestjs/common';
import { isPublicEventType, type KeyMode } from '@eh/contracts';
import {
  isFollowedBySubjects,
  publicEventBody,
  SubjectFolds,
  subjectFrom,
  subjectOf,
  type EventSubject,
  type PublicEventBody,
  type SubjectStates,
} from '@eh/delivery';
import { categorySubject, type EventStore, type RecordedEvent } from '@eh/event-store';
import type { NatsConnection } from 'nats';
import { LiveStreamRegistry } from './live-stream-registry';

/** One open `…/events/stream` of a partner. */
export interface PartnerStreamClient {
  workspaceId: string;
  mode: KeyMode;
  /** Set for `GET /v1/deployments/:id/events/stream`: only that deployment's events. */
  deploymentId: string | null;
  /** The cookie session behind it, so a sign-out on this replica ends it at once; null for a key. */
  sessionTokenSha256: string | null;
  send(event: PublicEventBody, recorded: RecordedEvent): void;
  close(): void;
}

/** Where public events come from: deployments, handoffs and the ledger's usage thresholds. */
const CATEGORIES = ['deployment', 'handoff', 'account'] as const;

/** Deployments and handoffs whose state the live streams keep folded in memory on this gateway. */
const LIVE_FOLDS_CAPACITY = 2_000;

/**
 * Feeds partners' live event streams from NATS, as the expert console's hub does: plain
 * subscriptions per gateway process on what the relay publishes, held while a stream is open
 * here, fanned out in memory.
 * Its own subscriptions, since it needs handoff and account events as well. An event is rendered
 * (its subject as it was right after it, as the webhook body) once per replica, and only while a
 * stream of its workspace is open here.
 */
export class WorkspaceEventHub {
  private readonly streams: LiveStreamRegistry<PartnerStreamClient>;
  /**
   * The live events' subjects, folded from the events this hub receives in order rather than
   * read back from PostgreSQL for each one: with a workspace's streams open, every event of its
   * deployments was a query on the database every tenant shares. A stream not followed (no
   * stream was open, a gap, a restart) is read once and followed from there.
   */
  private readonly folds: SubjectFolds;

  constructor(
    nats: NatsConnection,
    subjectPrefix: string,
    private readonly store: EventStore,
    /** Signs uploaded attachments in `data.object` for this reading, as every answer does. */
    private readonly present: <T>(object: T, now: Date) => T = (object) => object,
  ) {
    // In order per category, one at a time: an event never overtakes an earlier one of its stream.
    const subjects = CATEGORIES.map((category) => categorySubject(subjectPrefix, category));
    this.streams = new LiveStreamRegistry(nats, subjects, (recorded) => this.dispatch(recorded), new Logger('WorkspaceEvents'));
    this.folds = new SubjectFolds(store, LIVE_FOLDS_CAPACITY);
  }

  /** Registers a stream; resolves, with the function that removes it, once every later event will reach it. */
  connect(client: PartnerStreamClient): Promise<() => void> {
    return this.streams.connect(client.workspaceId, client);
  }

  closeSession(tokenSha256: string): void {
    this.streams.closeSession(tokenSha256);
  }

  stop(): Promise<void> {
    return this.streams.closeAll();
  }

  /**
   * The body of a public event, as a stream of the workspace shows it; null for any other event.
   * `states`: where a batch of events (a replay's page) finds its subjects, each stream read once.
   */
  async render(
    recorded: RecordedEvent,
    now: Date,
    states?: SubjectStates,
  ): Promise<{ body: PublicEventBody; mode: KeyMode; deploymentStream: string | null } | null> {
    if (!isPublicEventType(recorded.type)) return null;
    const subject = states ? await subjectFrom(recorded, states) : await subjectOf(this.store, recorded);
    return this.rendered(recorded, subject, now);
  }

  private rendered(
    recorded: RecordedEvent,
    subject: EventSubject | null,
    now: Date,
  ): { body: PublicEventBody; mode: KeyMode; deploymentStream: string | null } | null {
    if (!subject) return null;
    const deploymentStream = recorded.streamName.startsWith('deployment-') ? recorded.streamName : null;
    return { body: publicEventBody(recorded, subject, this.present(subject.object, now)), mode: subject.mode, deploymentStream };
  }

  private async dispatch(recorded: RecordedEvent): Promise<void> {
    if (this.streams.clientsOf(recorded.metadata.workspace_id).length === 0) return;
    if (!isPublicEventType(recorded.type)) {
      // Offered, assigned …: folded, so the next public event of the stream folds on from here.
      if (isFollowedBySubjects(recorded)) this.folds.follow(recorded);
      return;
    }
    const rendered = this.rendered(recorded, await this.folds.subjectOf(recorded), new Date());
    if (!rendered) return;
    for (const client of this.streams.clientsOf(recorded.metadata.workspace_id)) {
      if (client.mode !== rendered.mode) continue;
      if (client.deploymentId !== null && rendered.deploymentStream !== `deployment-${client.deploymentId}`) continue;
      client.send(rendered.body, recorded);
    }
  }
}

export const WORKSPACE_EVENT_HUB = Symbol('WorkspaceEventHub');
