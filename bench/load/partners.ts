import { HttpLoadClient } from './http-load-client';
import { workspaceWithKeys } from './workspace-keys';

/**
 * The load as partners bring it: several workspaces, each from a client address of its own and
 * with as many test keys as its share of the load needs under the per-key rate limit, every
 * request going out on the next workspace and that workspace's next key in turn.
 */
const MAX_KEYS_PER_MODE = 20;

export interface Partner {
  id: string;
  client: HttpLoadClient;
  testKeys: string[];
  liveKey: string;
}

export class Partners {
  private constructor(readonly all: readonly Partner[]) {}

  /**
   * At least `count` workspaces sharing `perMinute` requests (the most the pool sends within any
   * one minute), keys enough for it at `perKeyPerMinute` with a fifth spare, and more workspaces
   * when one would need more than `perWorkspacePerMinute` (the service bounds all of a
   * workspace's keys together). Workspace n's client leaves from 127.0.0.(`firstAddress` + n):
   * one address per partner, as the gateway's per-address bounds expect.
   */
  static async create(
    baseUrl: string,
    adminKey: string,
    options: { count: number; perMinute: number; perKeyPerMinute: number; perWorkspacePerMinute: number; name: string; firstAddress: number },
  ): Promise<Partners> {
    const peakPerMinute = options.perMinute * 1.2;
    const count = Math.max(options.count, Math.ceil(peakPerMinute / options.perWorkspacePerMinute));
    // A workspace holds at most 20 active keys per mode: past that, more workspaces carry the load.
    const keysEach = Math.min(MAX_KEYS_PER_MODE, Math.max(1, Math.ceil(peakPerMinute / count / options.perKeyPerMinute)));
    const all: Partner[] = [];
    for (let index = 0; index < count; index++) {
      const workspace = await workspaceWithKeys(baseUrl, adminKey, `${options.name} ${index + 1}`, keysEach - 1);
      all.push({
        id: workspace.id,
        client: new HttpLoadClient(baseUrl, { localAddress: `127.0.0.${options.firstAddress + index}` }),
        testKeys: workspace.testKeys,
        liveKey: workspace.keys.live,
      });
    }
    return new Partners(all);
  }

  /** The partner (its index in the pool too) and test key request `index` goes out on. */
  at(index: number): { client: HttpLoadClient; key: string; partner: number } {
    const partner = index % this.all.length;
    const { client, testKeys } = this.all[partner];
    return { client, key: testKeys[Math.floor(index / this.all.length) % testKeys.length], partner };
  }

  /** A GET of deployment `id` with a key of the workspace that created it (`ownerOf`). */
  getOwn(id: string, index: number, ownerOf: ReadonlyMap<string, number>, headers?: Record<string, string>) {
    const { client, testKeys } = this.all[ownerOf.get(id) ?? 0];
    return client.request('GET', `/v1/deployments/${id}`, { key: testKeys[index % testKeys.length], headers });
  }

  get keyCount(): number {
    return this.all.reduce((sum, partner) => sum + partner.testKeys.length, 0);
  }

  close(): void {
    for (const partner of this.all) partner.client.close();
  }
}
