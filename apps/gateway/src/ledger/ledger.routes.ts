/** Credits (libs/ledger): `GET /v1/usage` and its history, operations' accounts; the ledger client every live create reserves with. */
import { AdminAccountsController } from './admin-accounts.controller';
import type { LedgerClient } from '@eh/ledger';
import { LEDGER_CLIENT } from './ledger.tokens';
import { GetUsageController } from './get-usage.controller';
import { UsageHistoryController } from './usage-history.controller';

export const LEDGER_CONTROLLERS = [GetUsageController, UsageHistoryController, AdminAccountsController];

export const ledgerProviders = (deps: { ledger: LedgerClient }) => [{ provide: LEDGER_CLIENT, useValue: deps.ledger }];
