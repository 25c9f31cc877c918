import type { KeyMode, Urgency } from './deployment-events';

/**
 * NATS request/reply between services (DESIGN.md "Flows: Create"). Kept outside `<prefix>.>`,
 * which the JetStream events stream captures: a request stored there would be answered by a PubAck.
 */
export const rpcSubjects = (prefix: string) => ({
  routerQuote: `rpc.${prefix}.router.quote`,
  ledgerReserve: `rpc.${prefix}.ledger.reserve`,
  ledgerRelease: `rpc.${prefix}.ledger.release`,
});

export interface QuoteRequest {
  workspace_id: string;
  mode: KeyMode;
  skills: string[];
  urgency: Urgency;
}

export interface QuoteReply {
  available: boolean;
  /** How many available experts cover at least one requested skill. */
  candidate_count: number;
  /** Why nothing is available, phrased for the caller. */
  reason: string | null;
  /**
   * Credits the ledger reserves for the deployment: ceil(rate_credits_per_hour ×
   * median_turnaround_minutes / 60) of the best-ranked candidate; 0 in test mode and when
   * nothing is available (docs/decisions.md "Router (issue 5)").
   */
  estimated_credits?: number;
}

/** Errors carried back over request/reply keep the domain's stable code. */
export interface RpcErrorReply {
  error: { code: string; message: string };
}
