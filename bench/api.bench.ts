import { startServices } from '../test/support/service-harness';
import { percentiles } from './latency';
import { timedRestCreate, timedRestGet } from './rest-timings';
import { printFigures, runBench } from './bench-run';

/**
 * `npm run bench:api`: p50/p95 of create and of GET over N sequential requests (default 1,000)
 * against the real services on loopback, each service its own process.
 */
async function main(): Promise<void> {
  const count = Number(process.env.BENCH_REQUESTS ?? 1000);
  // 2,000 requests in well under a minute: lift the per-key limit, which would otherwise measure 429s.
  const services = await startServices({ RATE_LIMIT_PER_MINUTE: String(10 * count) });
  try {
    const workspace = await services.ops<{ keys: { test: string } }>('workspace:create', '--name', 'bench');
    const key = workspace.keys.test;
    const creates: number[] = [];
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const [id, ms] = await timedRestCreate(services.baseUrl, key, index);
      creates.push(ms);
      ids.push(id);
    }
    const gets: number[] = [];
    for (const id of ids) gets.push(await timedRestGet(services.baseUrl, key, id));
    printFigures({ requests: count, create_ms: percentiles(creates), get_ms: percentiles(gets) });
  } finally {
    await services.stop();
  }
}

runBench(main);
