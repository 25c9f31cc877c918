import {
  deliveryStreamName,
  webhookEndpointStreamName,
  webhookReplayStreamName,
  webhookSigningSecretStreamName,
  type DeliveryEvent,
  type KeyMode,
  type WebhookEndpointEvent,
  type WebhookReplayEvent,
  type WebhookSigningSecretEvent,
} from '@eh/contracts';
import { loadAggregate, type Decider, type EventStore } from '@eh/event-store';
import type { DeliveryCommand } from '../domain/delivery.commands';
import { decideDelivery } from '../domain/delivery.decider';
import { evolveDelivery, initialDeliveryState } from '../domain/delivery.evolve';
import type { DeliveryState } from '../domain/delivery.state';
import { decideSigningSecret, evolveSigningSecret, initialSigningSecretState, type SigningSecretCommand, type SigningSecretState } from '../domain/signing-secret.decider';
import { decideReplayJob, evolveReplayJob, initialReplayJobState, type ReplayJobCommand, type ReplayJobState } from '../domain/replay-job.decider';
import {
  decideWebhookEndpoint,
  evolveWebhookEndpoint,
  initialWebhookEndpointState,
  type WebhookEndpointCommand,
  type WebhookEndpointState,
} from '../domain/webhook-endpoint.decider';

export const deliveryDecider: Decider<DeliveryCommand, DeliveryEvent, DeliveryState> = {
  initialState: initialDeliveryState,
  evolve: evolveDelivery,
  decide: decideDelivery,
};

export const webhookEndpointDecider: Decider<WebhookEndpointCommand, WebhookEndpointEvent, WebhookEndpointState> = {
  initialState: initialWebhookEndpointState,
  evolve: evolveWebhookEndpoint,
  decide: decideWebhookEndpoint,
};

export async function loadDelivery(store: EventStore, deliveryId: string): Promise<DeliveryState> {
  return (await loadAggregate(store, deliveryStreamName(deliveryId), deliveryDecider)).state;
}

export const signingSecretDecider: Decider<SigningSecretCommand, WebhookSigningSecretEvent, SigningSecretState> = {
  initialState: initialSigningSecretState,
  evolve: evolveSigningSecret,
  decide: decideSigningSecret,
};

export const replayJobDecider: Decider<ReplayJobCommand, WebhookReplayEvent, ReplayJobState> = {
  initialState: initialReplayJobState,
  evolve: evolveReplayJob,
  decide: decideReplayJob,
};

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
