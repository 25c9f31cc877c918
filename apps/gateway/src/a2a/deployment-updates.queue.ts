import type { DeploymentResource } from '@eh/deployments';

/**
 * The deployment's states as its public events bring them, waiting for a reader: filled by the
 * live event hub, drained by one stream. Ends when the client goes away (the signal) or the hub
 * closes the stream (the gateway shutting down, the key's session ended).
 */
export class DeploymentUpdates {
  private readonly pending: DeploymentResource[] = [];
  private wake: (() => void) | null = null;
  private ended = false;

  constructor(signal: AbortSignal) {
    if (signal.aborted) this.ended = true;
    else signal.addEventListener('abort', () => this.end(), { once: true });
  }

  push(deployment: DeploymentResource): void {
    if (this.ended) return;
    this.pending.push(deployment);
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  /** The next state, or null once ended. */
  async next(): Promise<DeploymentResource | null> {
    while (this.pending.length === 0) {
      if (this.ended) return null;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
    return this.pending.shift() ?? null;
  }
}
