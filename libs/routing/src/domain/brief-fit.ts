/**
 * Brief-fit: what a workspace's completed work, and its ratings of that work, say about an
 * expert for a new request ("recent brief-fit"; learning is per workspace only).
 *
 * Evidence per (workspace, expert, skill): each live deployment the expert completed for the
 * workspace adds q(rating) to the weight of every skill it requested, and weights halve every
 * half-life (BRIEF_FIT_HALF_LIFE_SECONDS, 30 days by default), so recent work counts most.
 *
 *   q(unrated) = 1,  q(5) = 1.5,  q(4) = 1,  q(3) = 0.5,  q(2) = −1,  q(1) = −2
 *
 *   brief_fit(request) = mean over the requested skills s of  f(w_s),
 *   f(w) = w / (w + 1) for w ≥ 0,   f(w) = w / (1 − w) for w < 0
 *
 * f saturates both ways: one recent unrated completion on a skill gives 0.5, three give 0.75;
 * a skill the expert never did for this workspace gives 0; one recent 1-star rating gives
 * −2/3, and outweighs two good completions. The result is in (−1, 1), so a poor rating ranks
 * the expert below one the workspace has no history with.
 */

/** One live deployment an expert completed for the workspace (the read model's row). */
export interface Completion {
  expertId: string;
  skills: readonly string[];
  completedAt: string;
  /** The agent's rating, 1–5; null while unrated. */
  rating: number | null;
}

/** What one completion counts for, by the agent's rating of it (see the formula above). */
export function ratingWeight(rating: number | null): number {
  switch (rating) {
    case null:
    case 4:
      return 1;
    case 5:
      return 1.5;
    case 3:
      return 0.5;
    case 2:
      return -1;
    case 1:
      return -2;
    default:
      return 1;
  }
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
    const weight = decayedWeight(completion.completedAt, now, halfLifeSeconds) * ratingWeight(completion.rating);
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
    return sum + (weight >= 0 ? weight / (weight + 1) : weight / (1 - weight));
  }, 0);
  return total / requested.length;
}
