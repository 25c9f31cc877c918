import { LedgerModule } from '@eh/ledger';
import { runNestService } from '@eh/runtime';

/**
 * The ledger: answers reserves, follows deployments to confirm, release
 * and settle, releases orphans, starts cycles. Stateless; run as many as needed. What runs is
 * what LedgerModule declares (docs/architecture.md).
 */
runNestService({ name: 'ledger', modules: [LedgerModule], poolSize: 10 });
