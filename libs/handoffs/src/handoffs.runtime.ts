import { Inject } from '@nestjs/common';
import type { DeploymentEvent } from '@eh/contracts';
import { deploymentDecider, type DeploymentState } from '@eh/deployments';
import { FollowedStreams, type ContextRuntimeDeclaration, type EventStore, type Reactor } from '@eh/event-store';
import { ContextRuntime, EVENT_STORE } from '@eh/platform';
import { reactToDeploymentForHandoff } from './reactors/handoff-mirror.reactor';

/**
 * Handoffs mirror their deployments. In the router the mirror rides on `router-deployments`
 * (each deployment event sent once, not twice): it runs beside the routing step, so a
 * slow handoff sync holds that event's ack, not routing. Mounted without the roster, it runs on
 * its own durable, `router-handoffs`.
 */
@ContextRuntime()
export class HandoffMirror implements ContextRuntimeDeclaration {
  readonly reactors: readonly Reactor[];

  constructor(@Inject(EVENT_STORE) store: EventStore) {
    // No `accepts`: every event feeds the fold.
    const followed = new FollowedStreams<DeploymentEvent, DeploymentState>(deploymentDecider);
    this.reactors = [
      {
        durable: 'router-handoffs',
        subjects: 'deployment.>',
        handle: (event) => reactToDeploymentForHandoff(store, event, followed),
        ridesOn: 'router-deployments',
        // A mirrored revision is never mirrored again, nor a handoff moved back.
        rerunnable: true,
      },
    ];
  }
}
