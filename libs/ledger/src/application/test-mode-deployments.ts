import type { DeploymentCreated } from '@eh/contracts';
import { BoundedSet } from '@eh/platform';
import type { RecordedEvent } from '@eh/event-store';

/**
 * The deployments this consumer saw created in test mode (test mode draws no credits,
 * so none of their events, completion, cancellation or expiry, is the ledger's business). A
 * deployment's mode is fixed at its creation; one whose creation went to another replica, or
 * was forgotten, is simply not known to be test mode, and its events are handled as before.
 */
export class TestModeDeployments {
  private readonly streams: BoundedSet<string>;

  constructor(capacity = 50_000) {
    this.streams = new BoundedSet(capacity);
  }

  /** Notes a `deployment.created` in test mode; any other event is left alone. */
  learn(event: RecordedEvent): void {
    if (event.type !== 'deployment.created' || (event.data as DeploymentCreated['data']).mode !== 'test') return;
    this.streams.add(event.streamName);
  }

  /** True only for a deployment known to be in test mode. */
  has(event: RecordedEvent): boolean {
    return this.streams.has(event.streamName);
  }
}
