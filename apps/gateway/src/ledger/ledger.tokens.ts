/** DI token of the gateway's LedgerClient (kept beside it so the shared tokens file stays untouched). */
export const LEDGER_CLIENT = Symbol('LedgerClient');
