import { Inject, Injectable } from '@nestjs/common';
import type { DeploymentEvent } from '@eh/contracts';
import { deploymentDecider, type DeploymentState } from '@eh/deployments';
import { FollowedStreams, type ContextRuntimeDeclaration, type EventStore, type Reactor } from '@eh/event-store';
import { ContextRuntime, EVENT_STORE } from '@eh/platform';
import { reactToDeploymentForHandoff } from './handoff-mirror.reactor';

/** Handoffs mirror their deployments; a durable of its own, so a slow handoff never holds up routing. */
@ContextRuntime()
@Injectable()
export class HandoffMirror implements ContextRuntimeDeclaration {
  readonly reactors: readonly Reactor[];

  constructor(@Inject(EVENT_STORE) store: EventStore) {
    // One puller: the fold follows each stream in order. No `accepts`: every event feeds the fold.
    const followed = new FollowedStreams<DeploymentEvent, DeploymentState>(deploymentDecider);
    this.reactors = [{ durable: 'router-handoffs', subjects: 'deployment.>', handle: (event) => reactToDeploymentForHandoff(store, event, followed) }];
  }
}
