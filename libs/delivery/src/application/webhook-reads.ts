import { webhookEndpointStreamName, webhookSigningSecretStreamName } from '@eh/contracts';
import { CommitFeedOnDemand, HeardCommits, type BusDelivery, type EventStore, type RecordedEvent } from '@eh/event-store';
import type { SigningReads } from './attempt-delivery.handler';
import { loadSigningSecret, loadWebhookEndpoint } from './delivery-streams';
import type { EventSubject } from './public-event';
import { ReadsByStamp } from './reads-by-stamp';
import type { EndpointDirectory, ScheduleOptions } from './schedule-deliveries.handler';
import { SubjectFolds } from './subject-folds';

/** The endpoint reads one event is scheduled with. */
export type EndpointReads = Pick<ScheduleOptions, 'endpoints' | 'adminEndpoint'>;

/**
 * Everything the webhooks service keeps in memory instead of reading again, in one place:
 * - the subjects of public events, folded from the deployment and handoff events the fan-out sees
 *   (SubjectFolds): a stream being worked on costs no read per event;
 * - the endpoint reads made for a relay copy, kept for every later copy with the same stamp
 *   (ReadsByStamp): one read per workspace, mode and event type until an endpoint changes;
 * - the signing streams an attempt reads, kept until an append to them is heard (HeardCommits, on
 *   a commit feed open only while attempts run).
 * Every one is only a belief where it decides: an append still expects the revision it read.
 */
export class WebhookReads {
  private readonly subjects: SubjectFolds;
  private readonly byStamp = new ReadsByStamp();
  private readonly commitFeed: CommitFeedOnDemand;
  readonly signing: SigningReads;

  constructor(
    private readonly store: EventStore,
    private readonly directory: EndpointDirectory,
    /** Deployment and handoff streams folded at once: states carry briefs and outputs, so kept few. */
    subjectCapacity = 2_000,
  ) {
    this.subjects = new SubjectFolds(store, subjectCapacity);
    this.commitFeed = new CommitFeedOnDemand(store, new HeardCommits());
    this.signing = {
      webhookEndpoint: (id) => this.rememberedUntilAppend(webhookEndpointStreamName(id), () => loadWebhookEndpoint(store, id)),
      signingSecret: (workspaceId, mode) =>
        this.rememberedUntilAppend(webhookSigningSecretStreamName(workspaceId, mode), () => loadSigningSecret(store, workspaceId, mode)),
    };
  }

  /** Folds a deployment or handoff event, public or not, so the stream's next event folds on. */
  follow(event: RecordedEvent): void {
    this.subjects.follow(event);
  }

  /** The public event's subject as it was right after it; null for an event with none. */
  subjectOf(event: RecordedEvent): Promise<EventSubject | null> {
    return this.subjects.subjectOf(event);
  }

  /**
   * The endpoint reads for an event: kept by the stamp of the relay's copy that carried it (each
   * such copy was published after every endpoint change the stamp names committed); read from the
   * store for an event that came otherwise.
   */
  endpointsFor(delivery: BusDelivery | undefined): EndpointReads {
    const stamp = delivery?.copyStamp;
    if (stamp === undefined) return { endpoints: this.directory, adminEndpoint: (workspaceId) => loadWebhookEndpoint(this.store, workspaceId) };
    return {
      endpoints: (workspaceId, mode, eventType) =>
        this.byStamp.remember(stamp, `endpoints-taking:${workspaceId}:${mode}:${eventType}`, () => this.directory(workspaceId, mode, eventType)),
      adminEndpoint: (workspaceId) => this.byStamp.remember(stamp, `endpoint:${workspaceId}`, () => loadWebhookEndpoint(this.store, workspaceId)),
    };
  }

  /** Stops hearing commits (the service stops); what was kept is forgotten. */
  close(): void {
    this.commitFeed.close();
  }

  private rememberedUntilAppend<T>(stream: string, read: () => Promise<T>): Promise<T> {
    return this.commitFeed.use().remember(stream, { stream }, read);
  }
}
