import { startServices } from '../test/support/service-harness';
import { request } from '../test/support/http';
import { percentiles, timed } from './latency';

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
      const [response, ms] = await timed(() =>
        request<{ id: string }>(services.baseUrl, 'POST', '/v1/deployments', {
          key,
          body: { brief: `Benchmark brief number ${index}.`, skills: ['copywriting'] },
        }),
      );
      if (response.status !== 201) throw new Error(`create answered ${response.status}`);
      creates.push(ms);
      ids.push(response.body.id);
    }
    const gets: number[] = [];
    for (let index = 0; index < count; index++) {
      const [response, ms] = await timed(() => request(services.baseUrl, 'GET', `/v1/deployments/${ids[index]}`, { key }));
      if (response.status !== 200) throw new Error(`get answered ${response.status}`);
      gets.push(ms);
    }
    process.stdout.write(`${JSON.stringify({ requests: count, create_ms: percentiles(creates), get_ms: percentiles(gets) }, null, 2)}\n`);
  } finally {
    await services.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
