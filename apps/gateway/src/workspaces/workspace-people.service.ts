import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@eh/event-store';
import { PasswordStore, type PeopleDeps } from '@eh/identity';
import type { ServiceConfig, SqlClient } from '@eh/platform';
import { findConsoleAccountByEmail } from '@eh/routing';
import { GatewayPorts } from '../http/gateway-ports';
import { ApiKeyCache } from '../http/guards/credential-cache';

/**
 * What the people handlers need from the gateway: the store, the read models, the roster's
 * answer to "does an expert sign in with this email" (libs/identity cannot import the roster),
 * and the authenticated keys the guard keeps, emptied when a key is rotated or revoked.
 */
@Injectable()
export class WorkspacePeople {
  readonly passwords: PasswordStore;
  readonly store: EventStore;
  readonly sql: SqlClient;
  readonly config: ServiceConfig;

  constructor(
    @Inject(GatewayPorts) ports: GatewayPorts,
    @Inject(ApiKeyCache) readonly keys: ApiKeyCache,
  ) {
    ({ store: this.store, sql: this.sql, config: this.config } = ports);
    this.passwords = new PasswordStore(ports.sql);
  }

  /** What every invitation link is made with: how long it stays valid, and the address it starts with. */
  get invitationLinks(): { ttlSeconds: number; publicBaseUrl: string } {
    return { ttlSeconds: this.config.console.invitationTtlSeconds, publicBaseUrl: this.config.publicBaseUrl };
  }

  /** Runs a change to API keys, then empties the guard's cache of keys, so a revoked key is refused from the next request on. */
  async changeKeys<T>(change: () => Promise<T>): Promise<T> {
    const result = await change();
    this.keys.forgetAll();
    return result;
  }

  get deps(): PeopleDeps {
    return {
      store: this.store,
      sql: this.sql,
      expertSignsInWith: async (email) => (await findConsoleAccountByEmail(this.sql, email)) !== null,
    };
  }
}
