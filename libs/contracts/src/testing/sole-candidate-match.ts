import type { MatchExplanation } from '../deployment-routing-events';

/** The router's explanation of an offer to the one candidate there was, who covers every skill asked for. */
export const soleCandidateMatch = (skills: string[]): MatchExplanation => ({
  covered_skills: skills,
  coverage: 1,
  median_turnaround_minutes: 30,
  speed: 0.67,
  brief_fit: 0,
  completed_for_workspace: 0,
  score: 0.67,
  weights: { speed: 1, brief_fit: 0 },
  rank: 1,
  candidates: 1,
  passed_over: [],
});
