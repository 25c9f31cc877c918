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
   * At least `count` workspaces sharing `peakPerSecond` requests, keys enough for it at
   * `perKeyPerMinute` with a fifth spare, and more workspaces when one would need more than
   * `perWorkspacePerMinute` (the service bounds all of a workspace's keys together). Each
   * workspace's client leaves from 127.0.0.(20 + n): one address per partner, as the gateway's
   * per-address bounds expect.
   */
  static async create(
    baseUrl: string,
    adminKey: string,
    options: { count: number; peakPerSecond: number; perKeyPerMinute: number; perWorkspacePerMinute: number; name: string },
  ): Promise<Partners> {
    const peakPerMinute = options.peakPerSecond * 60 * 1.2;
    const count = Math.max(options.count, Math.ceil(peakPerMinute / options.perWorkspacePerMinute));
    // A workspace holds at most 20 active keys per mode: past that, more workspaces carry the load.
    const keysEach = Math.min(MAX_KEYS_PER_MODE, Math.max(1, Math.ceil(peakPerMinute / count / options.perKeyPerMinute)));
    const all: Partner[] = [];
    for (let index = 0; index < count; index++) {
      const workspace = await workspaceWithKeys(baseUrl, adminKey, `${options.name} ${index + 1}`, keysEach - 1);
      all.push({
        id: workspace.id,
        client: new HttpLoadClient(baseUrl, { localAddress: `127.0.0.${20 + index}` }),
        testKeys: workspace.testKeys,
        liveKey: workspace.keys.live,
      });
    }
    return new Partners(all);
  }

  /** The partner and test key request `index` goes out on. */
  at(index: number): { client: HttpLoadClient; key: string } {
    const partner = this.all[index % this.all.length];
    return { client: partner.client, key: partner.testKeys[Math.floor(index / this.all.length) % partner.testKeys.length] };
  }

  get keyCount(): number {
    return this.all.reduce((sum, partner) => sum + partner.testKeys.length, 0);
  }

  close(): void {
    for (const partner of this.all) partner.client.close();
  }
}
