import { waitUntil } from '@eh/platform/testing';
import { DeploymentHistory } from '../test/support/deployment-history';
import { request } from '../test/support/http';
import { startServices, type RunningServices } from '../test/support/service-harness';
import { percentiles, timed } from './latency';
import { printFigures, runBench } from './bench-run';
import { inParallel } from './in-parallel';

const SEEDED = Number(process.env.BENCH_DEPLOYMENTS ?? 10_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const CONCURRENCY = 16;
/** One brief in this many carries the rare word. */
const RARE_EVERY = 1000;
const TARGET_P95_MS = 100;

/** Briefs as agents write them: a common word in every one, a handful of topics, a rare word now and then. */
const TOPICS = [
  'launch copy for the spring range',
  'names for a sourdough loaf',
  'a tagline for the cider press',
  'menu copy for the winter bakery',
  'an email to lapsed customers',
];
const briefOf = (index: number): string =>
  `Write ${TOPICS[index % TOPICS.length]}, batch ${index}. Keep it short and warm${index % RARE_EVERY === 0 ? '; mention the zeppelin festival' : ''}.`;

/**
 * `npm run bench:search`: p50/p95 of GET /v1/deployments?q= over SEEDED deployments in one
 * workspace, sequential requests against the real services on loopback, for four kinds of query:
 * a deployment id, a topic word, a rare word (one brief in RARE_EVERY) and a word in every brief.
 * Deployments are appended straight through the event store (live mode, so the router's
 * synthesizer leaves them alone); the run waits for background work on them to settle first.
 */
async function main(): Promise<void> {
  const services = await startServices({ RATE_LIMIT_PER_MINUTE: '100000000' });
  const history = new DeploymentHistory(services.database.pool);
  try {
    const workspace = await services.ops<{ id: string; keys: { live: string } }>('workspace:create', '--name', 'bench-search');
    const started = Date.now();
    const ids = await seed(history, workspace.id);
    const seedSeconds = (Date.now() - started) / 1000;
    await drained(services);
    // A table grown to this size in service has been vacuumed and analyzed; one filled in seconds has not yet.
    await services.database.pool.query('VACUUM ANALYZE deployments_view');
    const key = workspace.keys.live;
    const measure = async (queries: (index: number) => string): Promise<ReturnType<typeof percentiles>> => {
      const samples: number[] = [];
      for (let index = 0; index < QUERIES + 20; index++) {
        const path = `/v1/deployments?limit=20&q=${encodeURIComponent(queries(index))}`;
        const [response, ms] = await timed(() => request<{ data: unknown[] }>(services.baseUrl, 'GET', path, { key }));
        if (response.status !== 200 || response.body.data.length === 0)
          throw new Error(`${path} answered ${response.status}: ${JSON.stringify(response.body).slice(0, 200)}`);
        if (index >= 20) samples.push(ms); // the first 20 warm connections and plans
      }
      return percentiles(samples);
    };
    const results = {
      deployments: SEEDED,
      queries_each: QUERIES,
      seed_seconds: seedSeconds,
      id_ms: await measure((index) => ids[(index * 7919) % ids.length]),
      topic_word_ms: await measure((index) => ['sourdough', 'cider', 'lapsed', 'winter', 'spring'][index % 5]),
      rare_word_ms: await measure(() => 'zeppelin'),
      common_word_ms: await measure(() => 'warm'),
      target_p95_ms: TARGET_P95_MS,
    };
    printFigures(results);
  } finally {
    await history.close();
    await services.stop();
  }
}

async function seed(history: DeploymentHistory, workspaceId: string): Promise<string[]> {
  const base = Date.now() - SEEDED * 1000;
  const ids: string[] = [];
  await inParallel(SEEDED, CONCURRENCY, async (index) => {
    ids.push(
      await history.append({ workspaceId, mode: 'live', status: 'pending', createdAt: new Date(base + index * 1000).toISOString(), brief: briefOf(index) }),
    );
  });
  return ids;
}

/**
 * Waits until background work on the seeded events has stopped (no consumer recorded a processed
 * event for two seconds), so none competes with the measurement. Live deployments feed no
 * synthesizer, so "every event processed" is not something to wait for.
 */
async function drained(services: RunningServices): Promise<void> {
  const processed = async (): Promise<number> =>
    (await services.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM processed_events')).rows[0].n;
  let last = -1;
  await waitUntil(
    async () => {
      const now = await processed();
      const settled = now === last;
      last = now;
      return settled ? true : undefined;
    },
    { timeoutMs: 300_000, intervalMs: 2_000, description: 'background work on the seeded events to settle' },
  );
}

runBench(main);
