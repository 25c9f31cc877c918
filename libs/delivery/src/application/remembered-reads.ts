import { webhookEndpointStreamName, webhookSigningSecretStreamName } from '@eh/contracts';
import type { EventStore, HeardCommits } from '@eh/event-store';
import type { SigningReads } from './attempt-delivery.handler';
import { loadSigningSecret, loadWebhookEndpoint, WEBHOOK_ENDPOINT_CATEGORY } from './delivery-deciders';
import type { EndpointDirectory } from './schedule-deliveries.handler';

/**
 * Issue 14: the signing streams an attempt reads, kept in memory until an append to them is heard
 * (HeardCommits): a delivery's attempts sign with what the stream holds as of the latest notice.
 */
export function rememberedSigningReads(store: EventStore, commits: HeardCommits): SigningReads {
  return {
    webhookEndpoint: (id) => {
      const stream = webhookEndpointStreamName(id);
      return commits.remember(stream, { stream }, () => loadWebhookEndpoint(store, id));
    },
    signingSecret: (workspaceId, mode) => {
      const stream = webhookSigningSecretStreamName(workspaceId, mode);
      return commits.remember(stream, { stream }, () => loadSigningSecret(store, workspaceId, mode));
    },
  };
}

/**
 * The partner endpoints taking an event type, kept until any endpoint changes (they are rare, and
 * their streams carry no workspace id); webhook_endpoints_view is written in the endpoints' own
 * transactions (inline), so a change to it is always heard.
 */
export function rememberedEndpointDirectory(directory: EndpointDirectory, commits: HeardCommits): EndpointDirectory {
  return (workspaceId, mode, eventType) =>
    commits.remember(`endpoints-taking:${workspaceId}:${mode}:${eventType}`, { category: WEBHOOK_ENDPOINT_CATEGORY }, () => directory(workspaceId, mode, eventType));
}
