import type { RunningServices } from '../../test/support/service-harness';
import { waitForCompletion } from './completion-times';
import type { HttpLoadClient } from './http-load-client';
import { runOpenLoop, summary, type OpenLoopResult } from './open-loop';
import { cpuBetween, sampleCpu } from './process-cpu';
import { sampleSyscalls, syscallsPer } from './process-syscalls';
import { countersPerDeployment, readServerCounters } from './server-counters';
import { jetStreamPerDeployment, readJetStreamCounters } from './jetstream-counters';
import { TracedRequests, type SlowTrace } from './slow-traces';
import type { OtlpReceiver } from '../../test/support/otlp-receiver';

const CREATE_P99_TARGET_MS = 50;
const COMPLETION_P99_TARGET_MS = 1000;

/** Where the `index`th request of a phase goes: a partner's client and key. */
export type Target = (index: number) => { client: HttpLoadClient; key: string; partner: number };

export const round = (value: number): number => Math.round(value * 10) / 10;
export const servicePids = (services: RunningServices): Record<string, number | undefined> =>
  Object.fromEntries(services.processes.map((name) => [name, services.pidOf(name)]));

/** Failures of one run, by reason. */
export function failuresOf(result: OpenLoopResult): Record<string, number> {
  return Object.fromEntries(result.failures);
}

/** Failures of several runs, counted together by reason. */
export function failuresAcross(results: readonly OpenLoopResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [reason, count] of results.flatMap((result) => [...result.failures])) counts[reason] = (counts[reason] ?? 0) + count;
  return counts;
}

/** The services' spans go to `receiver`: the phase names its `slowest` creates and where their time went. */
export interface SlowTracing {
  receiver: OtlpReceiver;
  slowest: number;
}

/**
 * Creates at `rate`/s for `seconds`, waits for every deployment to complete, and measures it all;
 * `ownerOf` learns which partner created each. With `tracing`, the slowest creates' traces too.
 */
export async function createPhase(
  services: RunningServices,
  target: Target,
  rate: number,
  seconds: number,
  body: (index: number) => Record<string, unknown>,
  ownerOf: Map<string, number>,
  tracing?: SlowTracing,
) {
  const traced = new TracedRequests();
  const pids = servicePids(services);
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const countersBefore = await readServerCounters(services.database.pool, redisUrl);
  const jetStreamBefore = await readJetStreamCounters(natsUrl, services.env.NATS_STREAM);
  const before = sampleCpu(pids);
  const syscallsBefore = sampleSyscalls(pids);
  const sentAt = new Map<string, number>();
  const result = await runOpenLoop(rate, seconds, async (index) => {
    const startedAt = Date.now();
    const { client, key, partner } = target(index);
    const headers = tracing ? traced.headers(index) : undefined;
    const answer = await client.request<{ id: string; error?: { code?: string } }>('POST', '/v1/deployments', { key, body: body(index), headers });
    if (answer.status !== 201) throw new Error(`create ${answer.status} ${answer.body.error?.code ?? ''}`.trim());
    sentAt.set(answer.body.id, startedAt);
    ownerOf.set(answer.body.id, partner);
    return answer.body.id;
  });
  const ids = [...sentAt.keys()];
  const completed = await waitForCompletion(services.database.pool, ids, 60_000);
  const cpu = cpuBetween(before, sampleCpu(pids));
  const syscalls = syscallsPer(syscallsBefore, sampleSyscalls(pids), ids.length);
  const counters = {
    ...countersPerDeployment(countersBefore, await readServerCounters(services.database.pool, redisUrl), ids.length),
    ...jetStreamPerDeployment(jetStreamBefore, await readJetStreamCounters(natsUrl, services.env.NATS_STREAM), ids.length),
  };
  const completionMs = ids.flatMap((id) => (completed.has(id) ? [completed.get(id)! - sentAt.get(id)!] : []));
  const createMs = summary(result.latenciesMs);
  const slowest: SlowTrace[] | undefined = tracing && (await traced.slowest(tracing.receiver, result.latencyByIndex, tracing.slowest));
  const completion = summary(completionMs);
  return {
    rate,
    seconds,
    created: ids.length,
    completed: completed.size,
    failures: failuresOf(result),
    create_ms: createMs,
    completion_ms: completion,
    cpu_ms_per_deployment: round(cpu.totalMs / Math.max(1, ids.length)),
    cpu_ms_per_deployment_by_process: Object.fromEntries(Object.entries(cpu.byProcess).map(([name, ms]) => [name, round(ms / Math.max(1, ids.length))])),
    work_per_deployment: counters,
    syscalls_per_deployment_by_process: syscalls,
    ...(slowest ? { slowest_creates: slowest } : {}),
    held: result.failures.size === 0 && completed.size === ids.length && createMs.p99 <= CREATE_P99_TARGET_MS && completion.p99 <= COMPLETION_P99_TARGET_MS,
    ids,
  };
}
