/**
 * The matcher: skills that overlap × availability,
 * weighted by median turnaround and recent brief-fit. Pure; the router loads the roster and
 * the workspace's evidence and offers to the first of the ranking (one at a time).
 *
 * Score (docs/decisions.md "Router"):
 * 1. Candidates: `online` (and not past `available_until`), reachable (a console open or a
 *    working notification channel), not retired, not passed over for this deployment, covering
 *    at least one requested skill.
 * 2. Rank first by the number of requested skills covered (with several skills,
 *    routing prefers the expert covering the most).
 * 3. Among equal coverage, by score = 0.6 × speed + 0.4 × brief_fit, where
 *    speed = 60 / (60 + median_turnaround_minutes) (1 instant, 0.5 at an hour, 0.2 at 4 h)
 *    and brief_fit is brief-fit.ts.
 * 4. Then the shorter turnaround, then the id, so the ranking is total and deterministic.
 */
import type { Availability, ExpertRef, MatchExplanation } from '@eh/contracts';
import { briefFit } from './brief-fit';

export const MATCH_WEIGHTS = Object.freeze({ speed: 0.6, brief_fit: 0.4 });
/** The turnaround at which speed is 0.5. */
const SPEED_PIVOT_MINUTES = 60;

export interface RosterCandidate extends ExpertRef {
  skills: string[];
  availability: Availability;
  retired: boolean;
  median_turnaround_minutes: number;
  rate_credits_per_hour: number;
}

/** What a workspace's completed work says about one expert (already decayed to now). */
export interface WorkspaceEvidence {
  completedCount: number;
  skillWeights: ReadonlyMap<string, number>;
}

export interface MatchRequest {
  skills: readonly string[];
  /** Experts who declined or let an offer of this deployment time out. */
  passedOver: readonly string[];
  /** A follow-up: the earlier deployment and its expert, offered first whatever the ranking while online. */
  followUp?: { deploymentId: string; expertId: string };
  /** Online experts the router left out as unreachable (they are not in the roster ranked); shown in the explanation. */
  unreachable?: readonly string[];
}

export interface RankedCandidate {
  expert: RosterCandidate;
  match: MatchExplanation;
}

const NO_EVIDENCE: WorkspaceEvidence = { completedCount: 0, skillWeights: new Map() };
const round = (value: number): number => Math.round(value * 10_000) / 10_000;

export const speedOf = (turnaroundMinutes: number): number => SPEED_PIVOT_MINUTES / (SPEED_PIVOT_MINUTES + Math.max(0, turnaroundMinutes));

export function isCandidate(expert: RosterCandidate, request: MatchRequest): boolean {
  return (
    !expert.retired &&
    expert.availability === 'online' &&
    !request.passedOver.includes(expert.id) &&
    (expert.skills.some((skill) => request.skills.includes(skill)) || isFollowUpExpert(expert, request))
  );
}

/** The expert who did the work a follow-up continues: they know it, whatever skills it now names. */
const isFollowUpExpert = (expert: RosterCandidate, request: MatchRequest): boolean => request.followUp?.expertId === expert.id;

/** Every candidate, best first, each with the explanation stored on `deployment.offered`. */
export function rankCandidates(
  request: MatchRequest,
  roster: readonly RosterCandidate[],
  evidence: ReadonlyMap<string, WorkspaceEvidence> = new Map(),
): RankedCandidate[] {
  const scored = roster
    .filter((expert) => isCandidate(expert, request))
    .map((expert) => {
      const covered = request.skills.filter((skill) => expert.skills.includes(skill));
      const history = evidence.get(expert.id) ?? NO_EVIDENCE;
      const speed = speedOf(expert.median_turnaround_minutes);
      const fit = briefFit(request.skills, history.skillWeights);
      const score = MATCH_WEIGHTS.speed * speed + MATCH_WEIGHTS.brief_fit * fit;
      return { expert, covered, speed, fit, score, completed: history.completedCount };
    })
    .sort(
      (a, b) =>
        Number(isFollowUpExpert(b.expert, request)) - Number(isFollowUpExpert(a.expert, request)) ||
        b.covered.length - a.covered.length ||
        b.score - a.score ||
        a.expert.median_turnaround_minutes - b.expert.median_turnaround_minutes ||
        (a.expert.id < b.expert.id ? -1 : a.expert.id > b.expert.id ? 1 : 0),
    );
  return scored.map((entry, index) => ({
    expert: entry.expert,
    match: {
      covered_skills: entry.covered,
      coverage: round(entry.covered.length / request.skills.length),
      median_turnaround_minutes: entry.expert.median_turnaround_minutes,
      speed: round(entry.speed),
      brief_fit: round(entry.fit),
      completed_for_workspace: entry.completed,
      score: round(entry.score),
      weights: { ...MATCH_WEIGHTS },
      rank: index + 1,
      candidates: scored.length,
      passed_over: [...request.passedOver],
      ...(request.followUp && isFollowUpExpert(entry.expert, request) ? { follow_up_of: request.followUp.deploymentId } : {}),
      ...(request.unreachable && request.unreachable.length > 0 ? { unreachable: [...request.unreachable] } : {}),
    },
  }));
}

/**
 * Credits the ledger reserves at create (docs/decisions.md "Router"): the best
 * candidate's rate for its median turnaround, rounded up.
 */
export function estimatedCredits(best: Pick<RosterCandidate, 'rate_credits_per_hour' | 'median_turnaround_minutes'>): number {
  return Math.ceil((best.rate_credits_per_hour * best.median_turnaround_minutes) / 60);
}
