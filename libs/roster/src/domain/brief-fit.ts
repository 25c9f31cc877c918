/**
 * Brief-fit: what a workspace's completed work says about an expert for a new request
 * (SPEC.md "What the service does", 2: "recent brief-fit"; learning is per workspace only).
 *
 * Evidence per (workspace, expert, skill): each live deployment the expert completed for the
 * workspace adds 1 to the weight of every skill it requested, and weights halve every
 * half-life (BRIEF_FIT_HALF_LIFE_SECONDS, 30 days by default), so recent work counts most.
 *
 *   brief_fit(request) = mean over the requested skills s of  w_s / (w_s + 1)
 *
 * w_s / (w_s + 1) saturates: one recent completion on a skill gives 0.5, three give 0.75, and
 * a skill the expert never did for this workspace gives 0. The result is in [0, 1).
 */

/** One live deployment an expert completed for the workspace (the read model's row). */
export interface Completion {
  expertId: string;
  skills: readonly string[];
  completedAt: string;
}

/** Completions older than this many half-lives weigh under 0.4 % and are not loaded. */
export const EVIDENCE_HALF_LIVES = 8;

/** What one completion at `completedAt` weighs at `now`: 1, halving every half-life. */
export function decayedWeight(completedAt: string, now: string, halfLifeSeconds: number): number {
  const elapsed = Math.max(0, Date.parse(now) - Date.parse(completedAt)) / 1000;
  return halfLifeSeconds <= 0 ? 0 : 0.5 ** (elapsed / halfLifeSeconds);
}

/** Per expert: how many completions, and the decayed weight of each skill they requested. */
export function evidenceFrom(
  completions: readonly Completion[],
  now: string,
  halfLifeSeconds: number,
): Map<string, { completedCount: number; skillWeights: Map<string, number> }> {
  const byExpert = new Map<string, { completedCount: number; skillWeights: Map<string, number> }>();
  for (const completion of completions) {
    const entry = byExpert.get(completion.expertId) ?? { completedCount: 0, skillWeights: new Map<string, number>() };
    entry.completedCount += 1;
    const weight = decayedWeight(completion.completedAt, now, halfLifeSeconds);
    for (const skill of completion.skills) entry.skillWeights.set(skill, (entry.skillWeights.get(skill) ?? 0) + weight);
    byExpert.set(completion.expertId, entry);
  }
  return byExpert;
}

/** brief_fit for `requested` skills, given the decayed weights by skill. */
export function briefFit(requested: readonly string[], weights: ReadonlyMap<string, number>): number {
  if (requested.length === 0) return 0;
  const total = requested.reduce((sum, skill) => {
    const weight = weights.get(skill) ?? 0;
    return sum + weight / (weight + 1);
  }, 0);
  return total / requested.length;
}
