/**
 * Webhooks (libs/delivery): operations' endpoint and deliveries, the partner's own endpoints,
 * signing secret, deliveries and bulk replays.
 */
import type { EventStore } from '@eh/event-store';
import { startSecretCipher, type ServiceConfig } from '@eh/platform';
import { CONFIG, EVENT_STORE } from '../http/tokens';
import { AdminWebhookDeliveriesController } from './admin-webhook-deliveries.controller';
import { AdminWebhookEndpointController } from './admin-webhook-endpoint.controller';
import { SECRET_CIPHER } from './partner-context';
import { ReplayJobRunner, REPLAY_JOB_RUNNER } from './replay-job.runner';
import { SigningSecretController } from './signing-secret.controller';
import { WebhookContexts } from './webhook-contexts';
import { WebhookDeliveriesController } from './webhook-deliveries.controller';
import { WebhookEndpointsController } from './webhook-endpoints.controller';

export const WEBHOOKS_CONTROLLERS = [
  AdminWebhookEndpointController,
  AdminWebhookDeliveriesController,
  WebhookEndpointsController,
  SigningSecretController,
  WebhookDeliveriesController,
];

export const webhooksProviders = [
  { provide: SECRET_CIPHER, inject: [CONFIG], useFactory: (config: ServiceConfig) => startSecretCipher(config.secretKeyring) },
  { provide: REPLAY_JOB_RUNNER, inject: [EVENT_STORE], useFactory: (store: EventStore) => new ReplayJobRunner(store) },
  WebhookContexts,
];
