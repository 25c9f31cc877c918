import { deploymentStreamName, newId } from '@eh/contracts';
import { deploymentDecider, type CreateDeployment } from '@eh/deployments';
import { handleCommand } from '@eh/event-store';
import { createTestDatabase } from '@eh/platform/testing';
import { completionEvidence, offerDeployment, quoteDeployment, rankCandidates, registerExpert, retireExpert, rosterCandidates } from '@eh/routing';
import { openDatabase } from '@eh/runtime';
import type { Pool } from 'pg';
import { rosterOfForty, SKILL_POOL } from '../libs/routing/src/domain/testing/roster-of-forty';
import { percentiles } from './latency';
import { plainDeploymentData } from '@eh/contracts/testing';
import { printFigures, runBench } from './bench-run';

const PENDING = Number(process.env.BENCH_PENDING ?? 1000);
const WORKSPACES = 5;
const COMPLETIONS = Number(process.env.BENCH_COMPLETIONS ?? 2000);
const HALF_LIFE_SECONDS = 30 * 24 * 3600;

/**
 * `npm run bench:matching`: matching time with the 40-expert roster of the unit tests and 1,000
 * pending live deployments, against PostgreSQL on loopback, in-process (no HTTP).
 * - `offer_ms`: what the router does per deployment: read and fold the stream, load candidates
 *   and the workspace's brief-fit evidence, rank, append `deployment.offered` (inline projections
 *   included).
 * - `quote_ms`: the create-time availability check.
 * - `rank_only_ms`: the pure ranking over the 40 experts with evidence, for scale.
 */
async function main(): Promise<void> {
  const database = await createTestDatabase();
  const db = await openDatabase({ databaseUrl: database.url }, 10);
  try {
    const now = new Date();
    const roster = rosterOfForty();
    const ids: string[] = [];
    for (const expert of roster) {
      const { name, role, skills, median_turnaround_minutes, rate_credits_per_hour, availability } = expert;
      const profile = { name, role, skills, tenure_years: 5, median_turnaround_minutes, rate_credits_per_hour };
      const registered = await registerExpert(db.store, { profile, availability }, now);
      if (expert.retired) await retireExpert(db.store, registered.expert.id, now);
      ids.push(registered.expert.id);
    }
    const workspaces = Array.from({ length: WORKSPACES }, () => newId('workspace'));
    await seedCompletions(db.pool, workspaces, ids, now);
    const pending = await seedPending(db.store, workspaces, now);

    const offer: number[] = [];
    const quote: number[] = [];
    const rank: number[] = [];
    let offered = 0;
    const deps = { store: db.store, sql: db.pool, offerTimeoutSeconds: 300, briefFitHalfLifeSeconds: HALF_LIFE_SECONDS };
    for (const [index, { id, workspaceId, skills }] of pending.entries()) {
      quote.push(await timed(() => quoteDeployment(db.pool, { workspace_id: workspaceId, mode: 'live', skills, urgency: 'standard' })));
      const candidates = await rosterCandidates(db.pool, skills, []);
      const evidence = await completionEvidence(db.pool, {
        workspaceId,
        expertIds: candidates.map((c) => c.id),
        skills,
        since: new Date(now.getTime() - 8 * HALF_LIFE_SECONDS * 1000),
        now,
        halfLifeSeconds: HALF_LIFE_SECONDS,
      });
      rank.push(await timed(async () => rankCandidates({ skills, passedOver: [] }, candidates, evidence)));
      const started = process.hrtime.bigint();
      const outcome = await offerDeployment(deps, id, { eventId: newId('event'), correlationId: `bench-${index}` }, new Date());
      offer.push(Number(process.hrtime.bigint() - started) / 1e6);
      if (outcome.kind === 'offered') offered += 1;
    }
    // The first 50 warm connections and query plans.
    const steady = (samples: number[]) => percentiles(samples.slice(50));
    const results = {
      experts: roster.length,
      online_experts: roster.filter((e) => e.availability === 'online' && !e.retired).length,
      pending_deployments: PENDING,
      brief_fit_completions: COMPLETIONS,
      offered,
      offer_ms: steady(offer),
      quote_ms: steady(quote),
      rank_only_ms: steady(rank),
    };
    printFigures(results);
  } finally {
    await db.close();
    await database.drop();
  }
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const pick = <T>(items: readonly T[], seed: number): T => items[seed % items.length];

/** Completed work straight into the read model (as the projection writes it): evidence for brief-fit. */
async function seedCompletions(pool: Pool, workspaces: string[], experts: string[], now: Date): Promise<void> {
  for (let index = 0; index < COMPLETIONS; index++) {
    const completedAt = new Date(now.getTime() - ((index * 7919) % (90 * 24 * 3600)) * 1000).toISOString();
    await pool.query('INSERT INTO expert_completions_view (deployment_id, workspace_id, expert_id, skills, completed_at) VALUES ($1, $2, $3, $4, $5)', [
      newId('deployment'),
      pick(workspaces, index),
      pick(experts, index * 13),
      [pick(SKILL_POOL, index), pick(SKILL_POOL, index * 3 + 1)],
      completedAt,
    ]);
  }
}

/** 1,000 pending live deployments through the decider, one to three skills each. */
async function seedPending(store: Awaited<ReturnType<typeof openDatabase>>['store'], workspaces: string[], now: Date) {
  const pending: { id: string; workspaceId: string; skills: string[] }[] = [];
  for (let index = 0; index < PENDING; index++) {
    const id = newId('deployment');
    const workspaceId = pick(workspaces, index);
    const skills = [...new Set(Array.from({ length: 1 + (index % 3) }, (_, k) => pick(SKILL_POOL, index * 5 + k * 3)))];
    const at = now.toISOString();
    const create: CreateDeployment = {
      type: 'create',
      data: plainDeploymentData({
        deployment_id: id,
        workspace_id: workspaceId,
        mode: 'live',
        brief: `Bench brief ${index}.`,
        skills,
        sla_deadline: new Date(now.getTime() + 4 * 3600 * 1000).toISOString(),
        credits_reserved: 0,
        created_at: at,
      }),
    };
    await handleCommand(store, deploymentDecider, deploymentStreamName(id), create, { workspaceId, correlationId: 'bench', causationId: null, now: at });
    pending.push({ id, workspaceId, skills });
  }
  return pending;
}

runBench(main);
