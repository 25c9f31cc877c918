/**
 * Brief-fit's evidence summed by PostgreSQL against its definition (`evidenceFrom`, brief-fit.ts):
 * the same counts and weights for a workspace's completions, ratings and ages.
 */
import { databaseForSuite } from '../../../../test/support/all-contexts';
import { evidenceFrom, type Completion } from '../domain/brief-fit';
import { completionEvidence } from './completion-evidence.query';

describe('completionEvidence', () => {
  const db = databaseForSuite(2);
  const now = new Date('2026-11-30T12:00:00.000Z');
  const halfLifeSeconds = 7 * 24 * 3600;

  /** A deterministic spread of completions: four experts, mixed skills, ratings and ages. */
  function completions(workspaceId: string): Completion[] {
    const skillSets = [['copy'], ['copy', 'seo'], ['translation'], ['seo', 'translation', 'copy'], ['design']];
    const ratings = [null, 5, 4, 3, 2, 1, null, 5];
    return Array.from({ length: 60 }, (_, index) => ({
      expertId: `exp_${index % 4}`,
      skills: skillSets[index % skillSets.length] as string[],
      completedAt: new Date(now.getTime() - (index * 37 + 5) * 3600 * 1000).toISOString(),
      rating: ratings[index % ratings.length] ?? null,
    })).map((completion) => ({ ...completion, workspaceId }));
  }

  async function store(workspaceId: string, rows: Completion[]): Promise<void> {
    for (const [index, row] of rows.entries())
      await db().pool.query(
        'INSERT INTO expert_completions_view (deployment_id, workspace_id, expert_id, skills, completed_at, rating) VALUES ($1, $2, $3, $4, $5, $6)',
        [`dep_${workspaceId}_${index}`, workspaceId, row.expertId, row.skills, row.completedAt, row.rating],
      );
  }

  it('gives the counts and, for the requested skills, the weights the definition gives', async () => {
    const workspaceId = 'ws_evidence';
    const rows = completions(workspaceId);
    await store(workspaceId, rows);
    // Another workspace's work is not this one's evidence.
    await store('ws_other', completions('ws_other').slice(0, 10));
    const since = new Date(now.getTime() - 8 * halfLifeSeconds * 1000);
    const skills = ['copy', 'translation'];
    const expertIds = ['exp_0', 'exp_1', 'exp_2', 'exp_5'];
    const summed = await completionEvidence(db().pool, { workspaceId, expertIds, skills, since, now, halfLifeSeconds });

    const inWindow = rows.filter((row) => expertIds.includes(row.expertId) && Date.parse(row.completedAt) >= since.getTime());
    const defined = evidenceFrom(inWindow, now.toISOString(), halfLifeSeconds);
    expect([...summed.keys()].sort()).toEqual([...defined.keys()].sort());
    for (const [expertId, expected] of defined) {
      const actual = summed.get(expertId);
      expect(actual?.completedCount).toBe(expected.completedCount);
      for (const skill of skills) expect(actual?.skillWeights.get(skill) ?? 0).toBeCloseTo(expected.skillWeights.get(skill) ?? 0, 10);
      // Skills the request does not name are not summed.
      expect([...(actual?.skillWeights.keys() ?? [])].every((skill) => skills.includes(skill))).toBe(true);
    }
    expect(summed.has('exp_5')).toBe(false);
  });

  it('has nothing for no experts, and weighs nothing with no half-life', async () => {
    const question = { workspaceId: 'ws_evidence', skills: ['copy'], since: new Date(0), now, halfLifeSeconds };
    expect((await completionEvidence(db().pool, { ...question, expertIds: [] })).size).toBe(0);
    const flat = await completionEvidence(db().pool, { ...question, expertIds: ['exp_0'], halfLifeSeconds: 0 });
    expect(flat.get('exp_0')?.completedCount).toBeGreaterThan(0);
    expect(flat.get('exp_0')?.skillWeights.get('copy')).toBe(0);
  });
});
