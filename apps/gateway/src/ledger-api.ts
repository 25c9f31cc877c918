/**
 * The gateway's routes of issue 4, in one list so the module wires them in one line:
 * GET /v1/usage and the admin API for accounts; and the ledger client the create flow reserves with.
 */
import { AdminAccountsController } from './admin/accounts/admin-accounts.controller';
import type { LedgerClient } from './ledger/ledger.client';
import { LEDGER_CLIENT } from './ledger/ledger.tokens';
import { GetUsageController } from './usage/get-usage.controller';

export const LEDGER_API_CONTROLLERS = [GetUsageController, AdminAccountsController];

export const ledgerApiProviders = (ledger: LedgerClient) => [{ provide: LEDGER_CLIENT, useValue: ledger }];
