import { TEST_MODE_QUOTE, type QuoteReply, type QuoteRequest } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import { rosterCandidates } from '../adapters/roster-view.query';
import { estimatedCredits, rankCandidates } from '../domain/matching';

/**
 * The gateway's "can anyone take this?" before a deployment is created (else 422
 * `expert_unavailable`), from the same candidates and ranking the router offers with. Brief-fit
 * is left out: it reorders candidates but never makes one appear, and the estimate uses the best
 * by coverage and turnaround (docs/decisions.md "Router").
 */
export async function quoteDeployment(sql: SqlClient, request: QuoteRequest): Promise<QuoteReply> {
  // Test keys are served by the synthesizer, which covers every skill (test mode pages no expert).
  if (request.mode === 'test') return { ...TEST_MODE_QUOTE };
  const ranked = rankCandidates({ skills: request.skills, passedOver: [] }, await rosterCandidates(sql, request.skills, []));
  const best = ranked[0];
  if (!best) {
    return {
      available: false,
      candidate_count: 0,
      reason: `no expert with any of the skills ${request.skills.join(', ')} is available; retry with different skills or relaxed urgency`,
      estimated_credits: 0,
    };
  }
  return { available: true, candidate_count: ranked.length, reason: null, estimated_credits: estimatedCredits(best.expert) };
}
