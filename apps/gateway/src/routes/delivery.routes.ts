/**
 * Webhooks (libs/delivery): operations' endpoint and dead letters, the partner's own endpoints,
 * signing secret, deliveries and bulk replays, and the public events (a deployment's, and the
 * live streams), which are webhook bodies read instead of received.
 */
import type { EventStore } from '@eh/event-store';
import { startSecretCipher, type ServiceConfig } from '@eh/platform';
import { WebhookDeliveriesController as AdminWebhookDeliveriesController } from '../admin/webhooks/webhook-deliveries.controller';
import { WebhookEndpointController } from '../admin/webhooks/webhook-endpoint.controller';
import { ReplayJobRunner, REPLAY_JOB_RUNNER } from '../deliveries/replay-job.runner';
import { WebhookDeliveriesController } from '../deliveries/webhook-deliveries.controller';
import { DeploymentEventsController } from '../events/deployment-events.controller';
import { WorkspaceEventsController } from '../events/workspace-events.controller';
import { WORKSPACE_EVENT_HUB, type WorkspaceEventHub } from '../events/workspace-event.hub';
import { CONFIG, EVENT_STORE } from '../http/tokens';
import { SECRET_CIPHER } from '../webhook-endpoints/partner-context';
import { SigningSecretController } from '../webhook-endpoints/signing-secret.controller';
import { WebhookEndpointsController } from '../webhook-endpoints/webhook-endpoints.controller';

export const DELIVERY_CONTROLLERS = [
  WebhookEndpointController,
  AdminWebhookDeliveriesController,
  WebhookEndpointsController,
  SigningSecretController,
  WebhookDeliveriesController,
  DeploymentEventsController,
  WorkspaceEventsController,
];

export const deliveryProviders = (workspaceEvents: () => WorkspaceEventHub) => [
  // Factories rather than values: the offline OpenAPI gateway and the fuzzer's route catalog pass no connections at all.
  { provide: WORKSPACE_EVENT_HUB, useFactory: workspaceEvents },
  { provide: SECRET_CIPHER, inject: [CONFIG], useFactory: (config: ServiceConfig) => startSecretCipher(config.secretKeyring) },
  { provide: REPLAY_JOB_RUNNER, inject: [EVENT_STORE], useFactory: (store: EventStore) => new ReplayJobRunner(store) },
];
