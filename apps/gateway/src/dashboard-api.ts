/**
 * The gateway's part of issue 13 (the workspace dashboard and the partner's own API), in one place so
 * the module and the app wire it in a line each: webhook endpoints and the `webhook_url` signing
 * secret, deliveries and bulk replays, events and their live streams, usage history, the members'
 * console routes (team, keys, audit log, limit requests), and operations' additions.
 */
import { AttachmentUrls } from '@eh/attachments';
import type { EventStore } from '@eh/event-store';
import { startSecretCipher, type ServiceConfig } from '@eh/platform';
import type { NatsConnection } from 'nats';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { AuditLogController } from './audit/audit-log.controller';
import { ReplayJobRunner, REPLAY_JOB_RUNNER } from './deliveries/replay-job.runner';
import { WebhookDeliveriesController } from './deliveries/webhook-deliveries.controller';
import { DeploymentEventsController } from './events/deployment-events.controller';
import { WORKSPACE_EVENT_HUB, WorkspaceEventHub } from './events/workspace-event.hub';
import { EVENT_STORE, CONFIG } from './http/tokens';
import { AdminLimitRequestsController, LimitRequestsController } from './limits/limit-requests.controller';
import { MemberGuard } from './members/member.guard';
import { MembersController } from './members/members.controller';
import { WorkspaceController } from './members/workspace.controller';
import { WorkspacePeople } from './members/workspace-people.service';
import { AdminOpenApiController } from './openapi/admin/admin-openapi.controller';
import { AdminOperatorsController } from './operators/admin-operators.controller';
import { UsageHistoryController } from './usage/usage-history.controller';
import { SECRET_CIPHER } from './webhook-endpoints/partner-context';
import { SigningSecretController } from './webhook-endpoints/signing-secret.controller';
import { WebhookEndpointsController } from './webhook-endpoints/webhook-endpoints.controller';

/** What the dashboard needs from the gateway's connections (built in gateway.app.ts). */
export interface DashboardDependencies {
  events: WorkspaceEventHub;
}

export const DASHBOARD_API_CONTROLLERS = [
  WebhookEndpointsController,
  SigningSecretController,
  WebhookDeliveriesController,
  DeploymentEventsController,
  UsageHistoryController,
  WorkspaceController,
  MembersController,
  ApiKeysController,
  AuditLogController,
  LimitRequestsController,
  AdminLimitRequestsController,
  AdminOperatorsController,
  AdminOpenApiController,
];

export const dashboardApiProviders = (deps: DashboardDependencies) => [
  MemberGuard,
  WorkspacePeople,
  // Factories rather than values: the offline OpenAPI gateway passes no connections at all.
  { provide: WORKSPACE_EVENT_HUB, useFactory: () => deps.events },
  { provide: SECRET_CIPHER, inject: [CONFIG], useFactory: (config: ServiceConfig) => startSecretCipher(config.secretKeyring) },
  { provide: REPLAY_JOB_RUNNER, inject: [EVENT_STORE], useFactory: (store: EventStore) => new ReplayJobRunner(store) },
];

/** Builds the dashboard's connections and starts the live-event subscriptions. */
export function createDashboardDependencies(config: ServiceConfig, connections: { nats: NatsConnection; store: EventStore }): DashboardDependencies {
  const urls = new AttachmentUrls({ publicBaseUrl: config.publicBaseUrl, secrets: config.attachments.urlSecrets, ttlSeconds: config.attachments.urlTtlSeconds });
  const events = new WorkspaceEventHub(connections.nats, config.subjectPrefix, connections.store, (object, now) => urls.present(object, now));
  events.start();
  return { events };
}
