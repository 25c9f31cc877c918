import fc from 'fast-check';
import { xoroshiro128plus } from 'pure-rand';
import type { FuzzCase } from './fuzz-case';
import type { RequestCases } from './cases';
import type { FailureKind, Verdict } from './oracle';

export interface Example {
  index: number;
  request: FuzzCase;
  rendered: string;
  verdict: Verdict;
  requestId: string | null;
}

export interface FailureGroup {
  key: string;
  kind: FailureKind;
  /** The endpoint of the first example (the one shrunk). */
  endpoint: string;
  endpoints: Record<string, number>;
  status: number | null;
  count: number;
  examples: Example[];
  /** The generated value of the first example, for shrinking. */
  first: fc.Value<FuzzCase>;
}

export interface Shrunk {
  group: string;
  steps: number;
  sent: number;
  example: Example;
}

export interface FuzzRun {
  seed: number;
  requested: number;
  sent: number;
  durationMs: number;
  perEndpoint: Record<string, { sent: number; statuses: Record<string, number> }>;
  statuses: Record<string, number>;
  families: Record<string, number>;
  /** Requests whose framing never completed and got no answer (allowed). */
  unansweredAllowed: number;
  failureCounts: Record<FailureKind, number>;
  groups: FailureGroup[];
  shrunk: Shrunk[];
  /** Services whose process is gone at the end. */
  exits: string[];
  /** Every time a service died during the run: which request killed it (replayed alone to be sure), shrunk; then it was restarted. */
  crashes: Crash[];
  gatewayAnswers: boolean;
  stoppedEarly: string | null;
  /** Valid setup requests that failed with a 5xx (the run went on without them). */
  setupProblems: string[];
}

export interface Crash {
  service: string;
  /** The request that, sent alone to a restarted service, killed it again; null if none of the suspects did. */
  culprit: string | null;
  /** The culprit shrunk with the same test (each candidate sent to a restarted service). */
  shrunk: string | null;
  /** The requests without an answer around the death, when no culprit was confirmed. */
  suspects: string[];
  logs: string;
}

export interface FuzzOptions {
  requests: number;
  seed: number;
  concurrency: number;
  /** Stop sending new requests after this long (the jest budget); null: none. */
  timeLimitMs: number | null;
  timeoutMs?: number;
  /** Examples kept per failure group. */
  examplesPerGroup?: number;
  /** Groups shrunk, and requests each shrink may send. */
  shrinkGroups?: number;
  shrinkBudget?: number;
  progress?: (line: string) => void;
  /** Deaths triaged (the service restarted each time) before the run gives up. */
  maxCrashes?: number;
}

/** The generator for request `index` of run `seed`: every request is replayable on its own. */
export function generate(cases: RequestCases, seed: number, index: number): fc.Value<FuzzCase> {
  const random = new fc.Random(xoroshiro128plus((seed ^ Math.imul(index + 1, 0x9e3779b1)) | 0));
  return cases.forRequest(seed, index).generate(random, index % 3 === 0 ? 3 : undefined);
}
