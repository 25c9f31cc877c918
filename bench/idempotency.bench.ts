import { randomUUID } from 'node:crypto';
import { request } from '../test/support/http';
import { startServices } from '../test/support/service-harness';
import { percentiles, timed } from './latency';
import { printFigures, runBench } from './bench-run';
import { timedRestGet } from './rest-timings';

/**
 * `node tools/build.js && node dist/bench/idempotency.bench.js`: p50/p95 of an idempotent replay
 * (POST /v1/deployments with a key already answered) over N sequential requests (default 1,000),
 * beside a plain GET for scale, against the real services on loopback.
 */
async function main(): Promise<void> {
  const count = Number(process.env.BENCH_REQUESTS ?? 1000);
  // The limit is raised so the benchmark measures replays, not 429s.
  const services = await startServices({ RATE_LIMIT_PER_MINUTE: String(10 * count + 100) });
  try {
    const workspace = await services.ops<{ keys: { test: string } }>('workspace:create', '--name', 'bench');
    const key = workspace.keys.test;
    const options = { key, body: { brief: 'Benchmark brief.', skills: ['copywriting'] }, headers: { 'idempotency-key': `bench-${randomUUID()}` } };
    const first = await request<{ id: string }>(services.baseUrl, 'POST', '/v1/deployments', options);
    if (first.status !== 201) throw new Error(`create answered ${first.status}`);
    const replays: number[] = [];
    for (let index = 0; index < count; index++) {
      const [response, ms] = await timed(() => request(services.baseUrl, 'POST', '/v1/deployments', options));
      if (response.status !== 201 || response.headers.get('idempotent-replayed') !== 'true') throw new Error(`replay answered ${response.status}`);
      replays.push(ms);
    }
    const gets: number[] = [];
    for (let index = 0; index < count; index++) gets.push(await timedRestGet(services.baseUrl, key, first.body.id));
    printFigures({ requests: count, replay_ms: percentiles(replays), get_ms: percentiles(gets) });
  } finally {
    await services.stop();
  }
}

runBench(main);
