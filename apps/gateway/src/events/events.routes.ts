/**
 * Events: a deployment's public events and the partners' live streams of them (webhook bodies
 * read instead of received), and the expert console's live updates.
 */
import { DeploymentEventsController } from './deployment-events.controller';
import type { ExpertEventHub } from './expert-event.hub';
import { ExpertEventsController } from './expert-events.controller';
import { EXPERT_EVENT_HUB } from './expert-events.tokens';
import { LiveStreams } from './live-streams';
import { WORKSPACE_EVENT_HUB, type WorkspaceEventHub } from './workspace-event.hub';
import { WorkspaceEventsController } from './workspace-events.controller';

export const EVENTS_CONTROLLERS = [DeploymentEventsController, WorkspaceEventsController, ExpertEventsController];

// Factories rather than values, read when first injected: the offline OpenAPI gateway and the fuzzer's route catalog pass no connections at all.
export const eventsProviders = (hubs: { workspaceEvents: () => WorkspaceEventHub; expertEvents: () => ExpertEventHub }) => [
  { provide: WORKSPACE_EVENT_HUB, useFactory: hubs.workspaceEvents },
  { provide: EXPERT_EVENT_HUB, useFactory: hubs.expertEvents },
  LiveStreams,
];
