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

/** Stored evidence for one skill: the weight as of the last completion that touched it. */
export interface SkillEvidence {
  weight: number;
  asOf: string;
}

/** The weight `evidence` has decayed to at `now`. */
export function decayedWeight(evidence: SkillEvidence, now: string, halfLifeSeconds: number): number {
  const elapsed = Math.max(0, Date.parse(now) - Date.parse(evidence.asOf)) / 1000;
  return halfLifeSeconds <= 0 ? 0 : evidence.weight * 0.5 ** (elapsed / halfLifeSeconds);
}

/** The evidence after one more completion at `at` (decay up to then, plus one). */
export function addCompletion(evidence: SkillEvidence | null, at: string, halfLifeSeconds: number): SkillEvidence {
  const before = evidence === null ? 0 : decayedWeight(evidence, at, halfLifeSeconds);
  return { weight: before + 1, asOf: at };
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
