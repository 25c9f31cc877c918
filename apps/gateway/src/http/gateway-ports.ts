import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@eh/event-store';
import type { LedgerClient } from '@eh/ledger';
import type { ServiceConfig, SqlClient } from '@eh/platform';
import type { RouterClient } from '@eh/routing';
import { LEDGER_CLIENT } from '../ledger/ledger.tokens';
import { CONFIG, EVENT_STORE, ROUTER_CLIENT, SQL } from './tokens';
import { ExpertCredentialCache } from './guards/credential-cache';

/**
 * What the routes reach the rest of the system through: the event store, the read models, the
 * settings, the router's and the ledger's request/reply clients, and the experts' credentials
 * this gateway keeps. Injected as one, so a
 * controller names what it does with them rather than a token for each.
 */
@Injectable()
export class GatewayPorts {
  constructor(
    @Inject(EVENT_STORE) readonly store: EventStore,
    @Inject(SQL) readonly sql: SqlClient,
    @Inject(CONFIG) readonly config: ServiceConfig,
    @Inject(ROUTER_CLIENT) readonly router: RouterClient,
    @Inject(LEDGER_CLIENT) readonly ledger: LedgerClient,
    /** The experts this gateway authenticated: the routes that retire or rename one empty it. */
    @Inject(ExpertCredentialCache) readonly expertCredentials: ExpertCredentialCache,
  ) {}
}
