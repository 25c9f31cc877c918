/**
 * Reading the webhooks context's streams back into their deciders' states: a delivery, an
 * endpoint, a workspace's signing secret, a replay job.
 */
import { deliveryStreamName, webhookEndpointStreamName, webhookReplayStreamName, webhookSigningSecretStreamName, type KeyMode } from '@eh/contracts';
import { loadAggregate, type EventStore } from '@eh/event-store';
import { deliveryDecider } from '../domain/delivery.decider';
import type { DeliveryState } from '../domain/delivery.state';
import { replayJobDecider, type ReplayJobState } from '../domain/replay-job.decider';
import { signingSecretDecider, type SigningSecretState } from '../domain/signing-secret.decider';
import { webhookEndpointDecider, type WebhookEndpointState } from '../domain/webhook-endpoint.decider';

export async function loadDelivery(store: EventStore, deliveryId: string): Promise<DeliveryState> {
  return (await loadAggregate(store, deliveryStreamName(deliveryId), deliveryDecider)).state;
}

export async function loadSigningSecret(store: EventStore, workspaceId: string, mode: KeyMode): Promise<SigningSecretState> {
  return (await loadAggregate(store, webhookSigningSecretStreamName(workspaceId, mode), signingSecretDecider)).state;
}

export async function loadReplayJob(store: EventStore, replayId: string): Promise<ReplayJobState> {
  return (await loadAggregate(store, webhookReplayStreamName(replayId), replayJobDecider)).state;
}

/** The category of every endpoint's stream (webhookEndpointStreamName): the admin API's, keyed by workspace, and each partner endpoint's. */
export const WEBHOOK_ENDPOINT_CATEGORY = 'webhook_endpoint';

/** The admin API's endpoint of a workspace (`ws_…`), or a partner's endpoint (`we_…`): each has its own stream. */
export async function loadWebhookEndpoint(store: EventStore, workspaceOrEndpointId: string): Promise<WebhookEndpointState> {
  return (await loadAggregate(store, webhookEndpointStreamName(workspaceOrEndpointId), webhookEndpointDecider)).state;
}
