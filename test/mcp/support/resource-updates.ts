import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

export interface ResourceUpdate {
  uri: string;
  receivedAt: number;
}

/** Records every `notifications/resources/updated` a client receives, and waits for the one that matters. */
export class ResourceUpdates {
  readonly received: ResourceUpdate[] = [];
  private readonly waiters: (() => void)[] = [];

  constructor(client: Client) {
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      this.received.push({ uri: notification.params.uri, receivedAt: Date.now() });
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** The first update for `uri` after index `from` for which `accept` (e.g. a read showing the status) holds. */
  async waitFor(uri: string, accept: () => Promise<boolean>, timeoutMs = 15_000): Promise<ResourceUpdate> {
    const deadline = Date.now() + timeoutMs;
    let seen = 0;
    for (;;) {
      const fresh = this.received.slice(seen).filter((update) => update.uri === uri);
      seen = this.received.length;
      for (const update of fresh) if (await accept()) return update;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no update of ${uri} accepted within ${timeoutMs} ms (got ${this.received.length})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}
