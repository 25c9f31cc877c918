import { waitUntil } from '@eh/platform/testing';
import { DeploymentHistory } from '../test/support/deployment-history';
import { request } from '../test/support/http';
import { startServices, type RunningServices } from '../test/support/service-harness';
import { percentiles, timed } from './latency';
import { printFigures, runBench } from './bench-run';
import { inParallel } from './in-parallel';

const SEEDED = Number(process.env.BENCH_DEPLOYMENTS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = 16;
/** One deployment in this many is cancelled, so a status filter has something rare to find. */
const CANCELLED_EVERY = 100;

/**
 * `node tools/build.js && node dist/bench/list.bench.js`: p50/p95 of GET /v1/deployments over
 * SEEDED deployments in one workspace, sequential requests against the real services on loopback.
 * Deployments are appended straight through the event store (live mode, so the router's
 * synthesizer leaves them alone); the run waits for the relay and router to drain them first.
 */
async function main(): Promise<void> {
  // The bench measures latency, not the per-key rate limit.
  const services = await startServices({ RATE_LIMIT_PER_MINUTE: '100000000' });
  const history = new DeploymentHistory(services.database.pool);
  try {
    const workspace = await services.ops<{ id: string; keys: { live: string } }>('workspace:create', '--name', 'bench-list');
    const started = Date.now();
    await seed(history, workspace.id);
    const seedSeconds = (Date.now() - started) / 1000;
    await drained(services);
    // A table grown to this size in service has been auto-analyzed; one filled in seconds has not yet.
    await services.database.pool.query('ANALYZE deployments_view');
    const key = workspace.keys.live;
    const measure = async (path: string): Promise<ReturnType<typeof percentiles>> => {
      const samples: number[] = [];
      for (let index = 0; index < REQUESTS + 50; index++) {
        const [response, ms] = await timed(() => request(services.baseUrl, 'GET', path, { key }));
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
        if (index >= 50) samples.push(ms); // the first 50 warm connections and plans
      }
      return percentiles(samples);
    };
    const deep = await cursorAfterPages(services, key, 250);
    const results = {
      deployments: SEEDED,
      requests_each: REQUESTS,
      seed_seconds: seedSeconds,
      first_page_limit_20_ms: await measure('/v1/deployments?limit=20'),
      page_250_limit_20_ms: await measure(`/v1/deployments?limit=20&cursor=${encodeURIComponent(deep)}`),
      status_cancelled_limit_20_ms: await measure('/v1/deployments?limit=20&status=cancelled'),
      skill_naming_limit_20_ms: await measure('/v1/deployments?limit=20&skill=naming'),
    };
    printFigures(results);
  } finally {
    await history.close();
    await services.stop();
  }
}

async function seed(history: DeploymentHistory, workspaceId: string): Promise<void> {
  const base = Date.now() - SEEDED * 1000;
  await inParallel(SEEDED, CONCURRENCY, async (index) => {
    await history.append({
      workspaceId,
      mode: 'live',
      status: index % CANCELLED_EVERY === 0 ? 'cancelled' : 'pending',
      createdAt: new Date(base + index * 1000).toISOString(),
      skills: index % 10 === 0 ? ['naming'] : ['copywriting'],
    });
  });
}

/** Waits until the router has seen every event, so no background work competes with the measurement. */
async function drained(services: RunningServices): Promise<void> {
  const { rows } = await services.database.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE stream_name LIKE 'deployment-%'");
  await waitUntil(
    async () => {
      const processed = await services.database.pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM processed_events WHERE consumer = 'router-synthesizer'",
      );
      return processed.rows[0].n >= rows[0].n;
    },
    { timeoutMs: 300_000, intervalMs: 500, description: 'the router to process every seeded event' },
  );
}

async function cursorAfterPages(services: RunningServices, key: string, pages: number): Promise<string> {
  let cursor = '';
  for (let page = 0; page < pages; page++) {
    const response = await request<{ next: string | null }>(
      services.baseUrl,
      'GET',
      `/v1/deployments?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { key },
    );
    if (!response.body.next) throw new Error(`no page ${page + 1}`);
    cursor = response.body.next;
  }
  return cursor;
}

runBench(main);
