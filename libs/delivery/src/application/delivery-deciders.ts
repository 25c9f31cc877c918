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
import { toDomainEvent, type Decider, type EventStore } from '@eh/event-store';
import type { DeliveryCommand } from '../domain/delivery.commands';
import { decideDelivery } from '../domain/delivery.decider';
import { evolveDelivery, foldDelivery, initialDeliveryState } from '../domain/delivery.evolve';
import type { DeliveryState } from '../domain/delivery.state';
import { decideSigningSecret, evolveSigningSecret, foldSigningSecret, initialSigningSecretState, type SigningSecretCommand, type SigningSecretState } from '../domain/signing-secret.decider';
import { decideReplayJob, evolveReplayJob, foldReplayJob, initialReplayJobState, type ReplayJobCommand, type ReplayJobState } from '../domain/replay-job.decider';
import {
  decideWebhookEndpoint,
  evolveWebhookEndpoint,
  foldWebhookEndpoint,
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
  const events = await store.read(deliveryStreamName(deliveryId));
  return foldDelivery(events.map((event) => toDomainEvent<DeliveryEvent>(event)));
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
  const events = await store.read(webhookSigningSecretStreamName(workspaceId, mode));
  return foldSigningSecret(events.map((event) => toDomainEvent<WebhookSigningSecretEvent>(event)));
}

export async function loadReplayJob(store: EventStore, replayId: string): Promise<ReplayJobState> {
  const events = await store.read(webhookReplayStreamName(replayId));
  return foldReplayJob(events.map((event) => toDomainEvent<WebhookReplayEvent>(event)));
}

/** The admin API's endpoint of a workspace (`ws_…`), or a partner's endpoint (`we_…`): each has its own stream. */
export async function loadWebhookEndpoint(store: EventStore, workspaceOrEndpointId: string): Promise<WebhookEndpointState> {
  const events = await store.read(webhookEndpointStreamName(workspaceOrEndpointId));
  return foldWebhookEndpoint(events.map((event) => toDomainEvent<WebhookEndpointEvent>(event)));
}
