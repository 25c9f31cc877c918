import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@eh/event-store';
import { PasswordStore, type PeopleDeps } from '@eh/identity';
import type { ServiceConfig, SqlClient } from '@eh/platform';
import { findConsoleAccountByEmail } from '@eh/routing';
import { CONFIG, EVENT_STORE, SQL } from '../http/tokens';

/**
 * What the people handlers need from the gateway: the store, the read models, and the
 * roster's answer to "does an expert sign in with this email" (libs/identity cannot import the roster).
 */
@Injectable()
export class WorkspacePeople {
  readonly passwords: PasswordStore;

  constructor(
    @Inject(EVENT_STORE) readonly store: EventStore,
    @Inject(SQL) readonly sql: SqlClient,
    @Inject(CONFIG) readonly config: ServiceConfig,
  ) {
    this.passwords = new PasswordStore(sql);
  }

  get deps(): PeopleDeps {
    return {
      store: this.store,
      sql: this.sql,
      expertSignsInWith: async (email) => (await findConsoleAccountByEmail(this.sql, email)) !== null,
    };
  }
}
