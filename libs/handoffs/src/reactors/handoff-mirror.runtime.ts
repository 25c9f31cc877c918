import { Inject, Injectable } from '@nestjs/common';
import type { ContextRuntimeDeclaration, EventStore, Reactor } from '@eh/event-store';
import { ContextRuntime, EVENT_STORE } from '@eh/platform';
import { handoffReactorAccepts, reactToDeploymentForHandoff } from './handoff-mirror.reactor';

/** Handoffs mirror their deployments; a durable of its own, so a slow handoff never holds up routing. */
@ContextRuntime()
@Injectable()
export class HandoffMirror implements ContextRuntimeDeclaration {
  readonly reactors: readonly Reactor[];

  constructor(@Inject(EVENT_STORE) store: EventStore) {
    this.reactors = [{ durable: 'router-handoffs', subjects: 'deployment.>', accepts: handoffReactorAccepts, handle: (event) => reactToDeploymentForHandoff(store, event) }];
  }
}
