import { deliveryStreamName, webhookEndpointStreamName, type DeliveryEvent, type WebhookEndpointEvent } from '@eh/contracts';
import { toDomainEvent, type Decider, type EventStore } from '@eh/event-store';
import type { DeliveryCommand } from '../domain/delivery.commands';
import { decideDelivery } from '../domain/delivery.decider';
import { evolveDelivery, foldDelivery, initialDeliveryState } from '../domain/delivery.evolve';
import type { DeliveryState } from '../domain/delivery.state';
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

export async function loadWebhookEndpoint(store: EventStore, workspaceId: string): Promise<WebhookEndpointState> {
  const events = await store.read(webhookEndpointStreamName(workspaceId));
  return foldWebhookEndpoint(events.map((event) => toDomainEvent<WebhookEndpointEvent>(event)));
}
