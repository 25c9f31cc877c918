/**
 * Matching on a roster of 40 experts: skill overlap, availability, the most-covered
 * preference, turnaround and brief-fit weighting, and the explanation kept on each offer.
 */
import { estimatedCredits, isCandidate, rankCandidates, speedOf, type RosterCandidate, type WorkspaceEvidence } from './matching';
import { expertIdOf, rosterOfForty } from './testing/roster-of-forty';

const roster = rosterOfForty();
const request = (skills: string[], passedOver: string[] = []) => ({ skills, passedOver });
const ids = (ranked: ReturnType<typeof rankCandidates>): string[] => ranked.map((entry) => entry.expert.id);
const online = (expert: RosterCandidate): boolean => expert.availability === 'online' && !expert.retired;

describe('matching on a roster of 40', () => {
  it('has a varied roster: every availability, a retired expert, 2 to 4 skills each', () => {
    expect(roster).toHaveLength(40);
    expect(new Set(roster.map((expert) => expert.availability))).toEqual(new Set(['online', 'busy', 'offline']));
    expect(roster.some((expert) => expert.retired)).toBe(true);
  });

  it('keeps exactly the online, active experts whose skills overlap the request', () => {
    for (const skills of [['copywriting'], ['legal', 'seo'], ['naming', 'research', 'data']]) {
      const expected = roster.filter((expert) => online(expert) && expert.skills.some((skill) => skills.includes(skill))).map((e) => e.id);
      expect(ids(rankCandidates(request(skills), roster)).sort()).toEqual(expected.sort());
      expect(expected.length).toBeGreaterThan(0);
    }
  });

  it('leaves out busy, offline and retired experts, and those passed over for this deployment', () => {
    const skills = ['copywriting', 'positioning', 'naming', 'research', 'design', 'legal', 'data', 'seo'];
    const ranked = rankCandidates(request(skills), roster);
    expect(ranked.every((entry) => entry.expert.availability === 'online' && !entry.expert.retired)).toBe(true);
    expect(ranked).toHaveLength(roster.filter(online).length);
    const [first, second] = ids(ranked);
    const without = rankCandidates(request(skills, [first]), roster);
    expect(ids(without)[0]).toBe(second);
    expect(without[0].match.passed_over).toEqual([first]);
    // Coming back online makes a busy expert a candidate again.
    const busy = roster.find((expert) => expert.availability === 'busy') as RosterCandidate;
    expect(isCandidate(busy, request(busy.skills))).toBe(false);
    expect(isCandidate({ ...busy, availability: 'online' }, request(busy.skills))).toBe(true);
  });

  it('prefers the expert covering the most requested skills, whatever their turnaround', () => {
    const skills = ['naming', 'research', 'data'];
    const ranked = rankCandidates(request(skills), roster);
    const covered = ranked.map((entry) => entry.match.covered_skills.length);
    expect(covered).toEqual([...covered].sort((a, b) => b - a));
    expect(covered[0]).toBeGreaterThan(covered[covered.length - 1]);
    // Someone faster than the winner covers fewer skills, and still ranks below.
    const faster = ranked.filter((entry) => entry.expert.median_turnaround_minutes < ranked[0].expert.median_turnaround_minutes);
    expect(faster.length).toBeGreaterThan(0);
    expect(faster.every((entry) => entry.match.covered_skills.length < covered[0])).toBe(true);
  });

  it('with equal coverage and no history, ranks by median turnaround (faster first)', () => {
    const ranked = rankCandidates(request(['copywriting']), roster);
    const turnarounds = ranked.map((entry) => entry.expert.median_turnaround_minutes);
    expect(turnarounds).toEqual([...turnarounds].sort((a, b) => a - b));
    expect(ranked[0].match.speed).toBeCloseTo(speedOf(turnarounds[0]), 4);
  });

  it('lets recent brief-fit for the workspace lift a slower expert above a faster one', () => {
    const ranked = rankCandidates(request(['copywriting']), roster);
    const [fast, slow] = [ranked[0], ranked[ranked.length - 1]];
    const gap = fast.match.score - slow.match.score;
    // Fit needed to close the gap: 0.4 × fit > gap; three recent completions give 0.75.
    const evidence = new Map<string, WorkspaceEvidence>([[slow.expert.id, { completedCount: 3, skillWeights: new Map([['copywriting', 3]]) }]]);
    const learned = rankCandidates(request(['copywriting']), roster, evidence);
    expect(0.4 * 0.75).toBeGreaterThan(gap);
    expect(learned[0].expert.id).toBe(slow.expert.id);
    expect(learned[0].match).toMatchObject({ brief_fit: 0.75, completed_for_workspace: 3 });
    // Learning is per workspace: without this workspace's evidence the order is the turnaround's.
    expect(ids(rankCandidates(request(['copywriting']), roster))[0]).toBe(fast.expert.id);
  });

  it('brief-fit counts only the requested skills', () => {
    const expert = roster.find((e) => online(e) && e.skills.includes('copywriting') && e.skills.length > 1) as RosterCandidate;
    const other = expert.skills.find((skill) => skill !== 'copywriting') as string;
    const evidence = new Map([[expert.id, { completedCount: 1, skillWeights: new Map([[other, 5]]) }]]);
    const entry = rankCandidates(request(['copywriting']), roster, evidence).find((e) => e.expert.id === expert.id);
    expect(entry?.match.brief_fit).toBe(0);
  });

  it('explains every score: the numbers recompute from the breakdown', () => {
    const ranked = rankCandidates(request(['design', 'seo']), roster);
    ranked.forEach((entry, index) => {
      const m = entry.match;
      expect(m.rank).toBe(index + 1);
      expect(m.candidates).toBe(ranked.length);
      expect(m.coverage).toBeCloseTo(m.covered_skills.length / 2, 4);
      expect(m.score).toBeCloseTo(m.weights.speed * m.speed + m.weights.brief_fit * m.brief_fit, 3);
      expect(m.median_turnaround_minutes).toBe(entry.expert.median_turnaround_minutes);
    });
  });

  it('is deterministic, ties broken by id, and empty when nobody covers the skills', () => {
    const twins = [0, 1].map((n) => ({ ...roster[0], id: expertIdOf(100 + n), skills: ['naming'], availability: 'online' as const, retired: false }));
    expect(ids(rankCandidates(request(['naming']), [twins[1], twins[0]]))).toEqual([twins[0].id, twins[1].id]);
    expect(rankCandidates(request(['astrology']), roster)).toEqual([]);
  });

  it('estimates the credits to reserve from the best candidate: rate × turnaround, rounded up', () => {
    expect(estimatedCredits({ rate_credits_per_hour: 90, median_turnaround_minutes: 45 })).toBe(68);
    expect(estimatedCredits({ rate_credits_per_hour: 60, median_turnaround_minutes: 60 })).toBe(60);
  });

  it('puts a follow-up’s earlier expert first while they can take it, whatever skills they list, and says why', () => {
    const [best] = rankCandidates(request(['naming']), roster).map((entry) => entry.expert);
    const earlier = { ...roster.find((expert) => online(expert) && !expert.skills.includes('naming'))! };
    const followUp = { skills: ['naming'], passedOver: [], followUp: { deploymentId: 'dep_earlier', expertId: earlier.id } };
    const ranked = rankCandidates(followUp, roster);
    expect(ranked[0].expert.id).toBe(earlier.id);
    expect(ranked[0].match).toMatchObject({ follow_up_of: 'dep_earlier', rank: 1, covered_skills: [] });
    expect(ranked[1].expert.id).toBe(best.id);
    expect(ranked[1].match.follow_up_of).toBeUndefined();
    // Away, or passed over after a decline or a lapse: normal routing.
    expect(
      ids(
        rankCandidates(
          followUp,
          roster.map((expert) => (expert.id === earlier.id ? { ...expert, availability: 'offline' as const } : expert)),
        ),
      )[0],
    ).toBe(best.id);
    expect(ids(rankCandidates({ ...followUp, passedOver: [earlier.id] }, roster))[0]).toBe(best.id);
  });

  it('names the experts left out as unreachable in every explanation, and nothing when none were', () => {
    const ranked = rankCandidates({ skills: ['copywriting'], passedOver: [], unreachable: ['spec_gone'] }, roster);
    expect(ranked.length).toBeGreaterThan(0);
    for (const entry of ranked) expect(entry.match.unreachable).toEqual(['spec_gone']);
    for (const entry of rankCandidates(request(['copywriting']), roster)) expect(entry.match).not.toHaveProperty('unreachable');
  });
});
