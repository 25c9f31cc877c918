import type { RunningServices } from '../../test/support/service-harness';
import { round } from './create-phase';
import { runClosedLoop } from './open-loop';
import type { Partners } from './partners';
import { cpuBetween, sampleCpu } from './process-cpu';

/** The floor's insert at ten connections, measured earlier in the run. */
export interface ClosedLoopFloor {
  insertsPerSecond: number;
  cpuMsPerInsert: number;
}

/**
 * Creates at ten connections with every process but the gateway stopped: what accepting a
 * deployment costs (authentication, rate limiting, validation, the append of its first event and
 * the read models written with it), apart from the work that follows it (the synthetic expert,
 * the relay, timers). The bench's last phase, since the stack no longer completes deployments.
 */
export async function createAloneAtTenConnections(
  services: RunningServices,
  partners: Partners,
  seconds: number,
  body: (index: number) => Record<string, unknown>,
  floor: ClosedLoopFloor,
) {
  const others = services.processes.filter((name) => name !== 'gateway');
  for (const name of others) await services.kill(name);
  const pids = { gateway: services.pidOf('gateway') };
  const before = sampleCpu(pids);
  let created = 0;
  const result = await runClosedLoop(10, seconds, async (index) => {
    const { client, key } = partners.at(index);
    const answer = await client.request('POST', '/v1/deployments', { key, body: body(index) });
    if (answer.status !== 201) throw new Error(`create ${answer.status}`);
    created += 1;
  });
  const used = cpuBetween(before, sampleCpu(pids));
  const msPerCreate = (used.byProcess.gateway + (used.byProcess.postgresql ?? 0)) / Math.max(1, created);
  return {
    stopped: others,
    create_per_s: result.perSecond,
    create_percent_of_floor: Math.round((100 * result.perSecond) / floor.insertsPerSecond),
    cpu_ms_per_create_by_process: Object.fromEntries(
      Object.entries(used.byProcess).map(([name, ms]) => [name, Math.round((ms * 100) / Math.max(1, created)) / 100]),
    ),
    gateway_and_postgresql_in_floor_inserts: round(msPerCreate / floor.cpuMsPerInsert),
    failures: result.failures,
  };
}
