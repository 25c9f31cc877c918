import type { KeyMode, Urgency } from './deployment-events';

/**
 * NATS request/reply between services, as `@MessagePattern`s of
 * @nestjs/microservices. A pattern is the subject under the configured prefix (rpcSubject):
 * kept outside `<prefix>.>`, which the JetStream events stream captures (a request stored there
 * would be answered by a PubAck), and carrying SUBJECT_PREFIX, so test runs never meet.
 */
export const RPC_PATTERNS = {
  routerQuote: 'router.quote',
  /** A gateway saw an expert open the console with none open before (an event: no reply). */
  routerExpertConnected: 'router.expert_connected',
  ledgerReserve: 'ledger.reserve',
  ledgerRelease: 'ledger.release',
} as const;

export type RpcPattern = (typeof RPC_PATTERNS)[keyof typeof RPC_PATTERNS];

/** The NATS subject of a pattern: `rpc.<prefix>.<pattern>`. */
export const rpcSubject = (prefix: string, pattern: string): string => `rpc.${prefix}.${pattern}`;

export const rpcSubjects = (prefix: string) => ({
  routerQuote: rpcSubject(prefix, RPC_PATTERNS.routerQuote),
  routerExpertConnected: rpcSubject(prefix, RPC_PATTERNS.routerExpertConnected),
  ledgerReserve: rpcSubject(prefix, RPC_PATTERNS.ledgerReserve),
  ledgerRelease: rpcSubject(prefix, RPC_PATTERNS.ledgerRelease),
});

export interface ExpertConnected {
  expert_id: string;
}

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
   * nothing is available (docs/decisions.md "Router").
   */
  estimated_credits?: number;
}

/**
 * Test keys are served by the synthesizer, which covers every skill (test mode pages no
 * expert): the answer is fixed, so the gateway gives it without asking the router.
 */
export const TEST_MODE_QUOTE: Readonly<QuoteReply> = { available: true, candidate_count: 1, reason: null, estimated_credits: 0 };

/** The one error envelope of request/reply: the domain's stable code, mapped back to a DomainError by the caller. */
export interface RpcErrorReply {
  error: { code: string; message: string };
}
