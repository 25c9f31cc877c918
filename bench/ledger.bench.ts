import { newId, RPC_PATTERNS, rpcSubject, type ReserveCreditsReply } from '@eh/contracts';
import { PrefixedNatsClient, requestReply } from '@eh/platform';
import { startServices } from '../test/support/service-harness';
import { percentiles, timed } from './latency';
import { printFigures, runBench } from './bench-run';

async function reserve(client: PrefixedNatsClient, workspaceId: string): Promise<number> {
  const [, ms] = await timed(() =>
    requestReply<ReserveCreditsReply>(
      client,
      RPC_PATTERNS.ledgerReserve,
      { workspace_id: workspaceId, deployment_id: newId('deployment'), amount: 1, request_id: newId('request') },
      10_000,
    ),
  );
  return ms;
}

/**
 * `npm run bench:ledger`: the reserve round trip the gateway waits for on every live create
 * (Transport.NATS request → ledger → fold + append on `account-<ws>` → reply), against the real
 * services on loopback. Sequential: p50/p95 over BENCH_RESERVES (default 1,000) on one
 * account, by stream length; then a burst of BENCH_BURST (default 200) at once on a fresh one.
 */
async function main(): Promise<void> {
  const count = Number(process.env.BENCH_RESERVES ?? 1000);
  const burst = Number(process.env.BENCH_BURST ?? 200);
  const services = await startServices({ LEDGER_STANDARD_CYCLE_CAP: '100000000', LEDGER_STANDARD_IN_FLIGHT_LIMIT: '1000000' });
  const prefix = services.env.SUBJECT_PREFIX;
  const client = new PrefixedNatsClient({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' }, (pattern) => rpcSubject(prefix, pattern));
  try {
    const sequential = await services.ops<{ id: string }>('workspace:create', '--name', 'bench-ledger');
    const samples: number[] = [];
    for (let index = 0; index < count; index++) samples.push(await reserve(client, sequential.id));
    const fresh = await services.ops<{ id: string }>('workspace:create', '--name', 'bench-ledger-burst');
    const [burstSamples, burstMs] = await timed(() => Promise.all(Array.from({ length: burst }, () => reserve(client, fresh.id))));
    const tenth = Math.max(1, Math.floor(count / 10));
    const result = {
      reserves: count,
      reserve_ms: percentiles(samples),
      first_tenth_ms: percentiles(samples.slice(0, tenth)),
      last_tenth_ms: percentiles(samples.slice(-tenth)),
      burst: { reserves: burst, total_ms: Math.round(burstMs), each_ms: percentiles(burstSamples) },
    };
    printFigures(result);
  } finally {
    await client.close();
    await services.stop();
  }
}

runBench(main);
