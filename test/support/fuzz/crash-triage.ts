import type fc from 'fast-check';
import type { RunningServices } from '../service-harness';
import type { FuzzCase } from './fuzz-case';
import type { Catalog } from './catalog';
import type { RequestCases } from './cases';
import type { Crash } from './fuzz-run';
import { exchange } from './raw-http';
import { describeRendered, render, type FuzzWorld } from './render';

/** A request sent shortly before a service may have died, and whether it was answered. */
export interface Recent {
  index: number;
  value: fc.Value<FuzzCase>;
  summary: string;
  answered: boolean;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function restart(services: RunningServices, service: string): Promise<void> {
  if (services.alive(service as never)) return;
  await services.start(service as never);
  if (service !== 'gateway') await sleep(1500);
}

async function diesAfter(services: RunningServices, service: string, fuzzCase: FuzzCase, catalog: Catalog, world: FuzzWorld): Promise<boolean> {
  await restart(services, service);
  const rendered = render(fuzzCase, catalog, world);
  await exchange(world.host, world.port, rendered.chunks, { timeoutMs: 5000, halfClose: rendered.halfClose });
  for (let attempt = 0; attempt < 20; attempt++) {
    if (!services.alive(service as never)) return true;
    await sleep(50);
  }
  return false;
}

/**
 * A service died: replays the requests around its death one at a time against a restarted
 * service (unanswered ones first, newest first) until one kills it again, shrinks that one with
 * the same test, and leaves the service running again.
 */
export async function triage(
  services: RunningServices,
  service: string,
  around: Recent[],
  cases: RequestCases,
  catalog: Catalog,
  world: FuzzWorld,
): Promise<Crash> {
  const logs = services.logs(service as never).slice(-3000);
  const unique = [...new Map(around.map((entry) => [entry.index, entry])).values()];
  const suspects = [...unique.filter((entry) => !entry.answered).reverse(), ...unique.filter((entry) => entry.answered).reverse()].slice(0, 16);
  let culprit: Recent | null = null;
  for (const suspect of suspects) {
    if (await diesAfter(services, service, suspect.value.value, catalog, world)) {
      culprit = suspect;
      break;
    }
  }
  let shrunk: string | null = null;
  if (culprit) {
    let current = culprit.value;
    let restarts = 0;
    outer: while (restarts < 15) {
      for (const candidate of cases.forEndpoint(current.value.endpoint).shrink(current.value, current.context)) {
        if (restarts >= 15) break outer;
        if (candidate.value.endpoint !== current.value.endpoint) continue;
        restarts++;
        if (await diesAfter(services, service, candidate.value, catalog, world)) {
          current = candidate;
          continue outer;
        }
      }
      break;
    }
    shrunk = `${current.value.endpoint} [${current.value.family}: ${current.value.detail}]\n${describeRendered(render(current.value, catalog, world), 400)}`;
  }
  await restart(services, service);
  return {
    service,
    culprit: culprit?.summary ?? null,
    shrunk,
    suspects: culprit ? [] : suspects.filter((entry) => !entry.answered).map((entry) => entry.summary),
    logs,
  };
}
