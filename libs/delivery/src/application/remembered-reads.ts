import { webhookEndpointStreamName, webhookSigningSecretStreamName } from '@eh/contracts';
import type { CommitFeedOnDemand, EventStore } from '@eh/event-store';
import type { SigningReads } from './attempt-delivery.handler';
import { loadSigningSecret, loadWebhookEndpoint } from './delivery-deciders';
import type { ReadsByStamp } from './reads-by-stamp';
import type { EndpointDirectory, ScheduleOptions } from './schedule-deliveries.handler';

/**
 * The signing streams an attempt reads, kept in memory until an append to them is heard
 * (HeardCommits, on a feed open while attempts run): a delivery's attempts sign with what the
 * stream holds as of the latest notice.
 */
export function rememberedSigningReads(store: EventStore, feed: Pick<CommitFeedOnDemand, 'use'>): SigningReads {
  return {
    webhookEndpoint: (id) => {
      const stream = webhookEndpointStreamName(id);
      return feed.use().remember(stream, { stream }, () => loadWebhookEndpoint(store, id));
    },
    signingSecret: (workspaceId, mode) => {
      const stream = webhookSigningSecretStreamName(workspaceId, mode);
      return feed.use().remember(stream, { stream }, () => loadSigningSecret(store, workspaceId, mode));
    },
  };
}

/**
 * The fan-out's endpoint reads for a relay copy with this stamp (ReadsByStamp): the partner
 * endpoints taking an event type (webhook_endpoints_view is written in the endpoints' own
 * transactions, inline) and the admin API's endpoint.
 */
export function endpointReadsByStamp(directory: EndpointDirectory, store: EventStore, reads: ReadsByStamp, stamp: string): Pick<ScheduleOptions, 'endpoints' | 'adminEndpoint'> {
  return {
    endpoints: (workspaceId, mode, eventType) => reads.remember(stamp, `endpoints-taking:${workspaceId}:${mode}:${eventType}`, () => directory(workspaceId, mode, eventType)),
    adminEndpoint: (workspaceId) => reads.remember(stamp, `endpoint:${workspaceId}`, () => loadWebhookEndpoint(store, workspaceId)),
  };
}
