import type { SqlClient } from '@eh/platform';
import { completionEvidence } from '../adapters/completion-evidence.query';
import { rosterCandidates } from '../adapters/roster-view.query';
import { EVIDENCE_HALF_LIVES } from '../domain/brief-fit';
import { rankCandidates, type RankedCandidate } from '../domain/matching';

export interface FirstOfferQuestion {
  workspaceId: string;
  skills: string[];
  now: Date;
  halfLifeSeconds: number;
}

/**
 * Who the router would offer a new live deployment to first, were it created now: the same
 * read-only queries and ranking as `bestCandidate` (offer-deployment.handler.ts), brief-fit
 * included, for a deployment nobody has passed over yet. Used by the quote; it
 * reads the roster read models and writes nothing.
 */
export async function previewFirstOffer(sql: SqlClient, question: FirstOfferQuestion): Promise<RankedCandidate | null> {
  const roster = await rosterCandidates(sql, question.skills, []);
  if (roster.length === 0) return null;
  const { now, halfLifeSeconds } = question;
  const since = new Date(now.getTime() - EVIDENCE_HALF_LIVES * halfLifeSeconds * 1000);
  const evidence = await completionEvidence(sql, {
    workspaceId: question.workspaceId,
    expertIds: roster.map((expert) => expert.id),
    skills: question.skills,
    since,
    now,
    halfLifeSeconds,
  });
  const ranked = rankCandidates({ skills: question.skills, passedOver: [] }, roster, evidence);
  return ranked[0] ?? null;
}
