/** The brief-fit formula (brief-fit.ts): saturating, decaying with a half-life, per requested skill. */
import { briefFit, decayedWeight, evidenceFrom } from './brief-fit';

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
        { expertId: 'spec_a', skills: ['naming', 'seo'], completedAt: t0 },
        { expertId: 'spec_a', skills: ['naming'], completedAt: later(30) },
        { expertId: 'spec_b', skills: ['seo'], completedAt: later(30) },
      ],
      later(30),
      HALF_LIFE,
    );
    expect(evidence.get('spec_a')?.completedCount).toBe(2);
    expect(evidence.get('spec_a')?.skillWeights.get('naming')).toBeCloseTo(1.5, 10);
    expect(evidence.get('spec_a')?.skillWeights.get('seo')).toBeCloseTo(0.5, 10);
    expect(evidence.get('spec_b')?.skillWeights.get('seo')).toBe(1);
  });
});
