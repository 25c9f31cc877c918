/** The brief-fit formula (brief-fit.ts): saturating, decaying with a half-life, per requested skill. */
import { briefFit, decayedWeight, evidenceFrom, ratingWeight } from './brief-fit';
import { rankCandidates } from './matching';

const DAY = 24 * 3600;
const HALF_LIFE = 30 * DAY;
const t0 = '2026-01-01T00:00:00.000Z';
const later = (days: number): string => new Date(Date.parse(t0) + days * DAY * 1000).toISOString();

describe('brief-fit', () => {
  it('gives 0.5 for one recent completion on the skill, 0.75 for three, 0 for none', () => {
    expect(briefFit(['naming'], new Map([['naming', 1]]))).toBe(0.5);
    expect(briefFit(['naming'], new Map([['naming', 3]]))).toBe(0.75);
    expect(briefFit(['naming'], new Map())).toBe(0);
    expect(briefFit([], new Map([['naming', 3]]))).toBe(0);
  });

  it('averages over the requested skills', () => {
    expect(briefFit(['naming', 'seo'], new Map([['naming', 1]]))).toBe(0.25);
  });

  it('halves the weight of a completion every half-life, so recent work counts most', () => {
    expect(decayedWeight(t0, t0, HALF_LIFE)).toBe(1);
    expect(decayedWeight(t0, later(30), HALF_LIFE)).toBeCloseTo(0.5, 10);
    expect(decayedWeight(t0, later(90), HALF_LIFE)).toBeCloseTo(0.125, 10);
    expect(decayedWeight(later(1), t0, HALF_LIFE)).toBe(1);
  });

  it('sums completions per expert and skill', () => {
    const evidence = evidenceFrom(
      [
        { expertId: 'spec_a', skills: ['naming', 'seo'], completedAt: t0, rating: null },
        { expertId: 'spec_a', skills: ['naming'], completedAt: later(30), rating: null },
        { expertId: 'spec_b', skills: ['seo'], completedAt: later(30), rating: null },
      ],
      later(30),
      HALF_LIFE,
    );
    expect(evidence.get('spec_a')?.completedCount).toBe(2);
    expect(evidence.get('spec_a')?.skillWeights.get('naming')).toBeCloseTo(1.5, 10);
    expect(evidence.get('spec_a')?.skillWeights.get('seo')).toBeCloseTo(0.5, 10);
    expect(evidence.get('spec_b')?.skillWeights.get('seo')).toBe(1);
  });

  it('weighs each completion by its rating: 5 counts 1.5, 4 or none 1, 3 half, 2 and 1 against', () => {
    expect([null, 1, 2, 3, 4, 5].map(ratingWeight)).toEqual([1, -2, -1, 0.5, 1, 1.5]);
    const evidence = evidenceFrom(
      [
        { expertId: 'spec_a', skills: ['naming'], completedAt: t0, rating: 5 },
        { expertId: 'spec_b', skills: ['naming'], completedAt: t0, rating: 1 },
      ],
      t0,
      HALF_LIFE,
    );
    expect(evidence.get('spec_a')?.skillWeights.get('naming')).toBe(1.5);
    expect(evidence.get('spec_b')?.skillWeights.get('naming')).toBe(-2);
  });

  it('saturates below zero too: one recent 1-star rating gives −2/3, a 2-star −1/2, and outweighs two good completions', () => {
    expect(briefFit(['naming'], new Map([['naming', -2]]))).toBeCloseTo(-2 / 3, 10);
    expect(briefFit(['naming'], new Map([['naming', -1]]))).toBe(-0.5);
    const mixed = evidenceFrom(
      [
        { expertId: 'spec_a', skills: ['naming'], completedAt: t0, rating: 4 },
        { expertId: 'spec_a', skills: ['naming'], completedAt: t0, rating: null },
        { expertId: 'spec_a', skills: ['naming'], completedAt: t0, rating: 1 },
      ],
      t0,
      HALF_LIFE,
    );
    expect(briefFit(['naming'], mixed.get('spec_a')?.skillWeights ?? new Map())).toBe(0);
  });

  it('changes the next ranking: the expert a workspace rated poorly falls below one it has no history with', () => {
    const expert = (id: string) => ({
      id,
      name: id,
      role: 'Copywriter',
      skills: ['naming'],
      availability: 'online' as const,
      retired: false,
      median_turnaround_minutes: 30,
      rate_credits_per_hour: 60,
    });
    const roster = [expert('spec_a'), expert('spec_b')];
    const rankWith = (rating: number | null) =>
      rankCandidates(
        { skills: ['naming'], passedOver: [] },
        roster,
        evidenceFrom([{ expertId: 'spec_a', skills: ['naming'], completedAt: t0, rating }], t0, HALF_LIFE),
      );
    expect(rankWith(null).map((ranked) => ranked.expert.id)).toEqual(['spec_a', 'spec_b']);
    expect(rankWith(5)[0].match).toMatchObject({ brief_fit: 0.6, rank: 1 });
    const afterPoorRating = rankWith(1);
    expect(afterPoorRating.map((ranked) => ranked.expert.id)).toEqual(['spec_b', 'spec_a']);
    expect(afterPoorRating[1].match.brief_fit).toBeCloseTo(-0.6667, 4);
  });
});
