import { randomUUID } from 'node:crypto';
import { listRoster } from '@eh/routing';
import { request } from '../test/support/http';
import { startServices } from '../test/support/service-harness';
import { percentiles, timed } from './latency';
import { printFigures, runBench } from './bench-run';
import { timedRestCreate, timedRestGet } from './rest-timings';

/**
 * `npm run bench:a2a`: what A2A costs beside REST, against the real services on loopback.
 * N sequential creates through `POST /a2a/v1` (`SendMessage`) and through `POST /v1/deployments`
 * (default 300 each, test key); `GetTask` against `GET /v1/deployments/:id`; the agent card
 * (its roster skills cached) against one read of a 40-expert roster, what every card would cost uncached.
 */
async function main(): Promise<void> {
  const count = Number(process.env.BENCH_REQUESTS ?? 300);
  const admin = 'svc_admin_bench_a2a_0123456789abcdef0123';
  const services = await startServices({ RATE_LIMIT_PER_MINUTE: String(20 * count), ADMIN_API_KEY: admin, HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' });
  try {
    for (let index = 0; index < 40; index++) {
      const body = {
        name: `Expert ${index}`,
        role: 'Copywriter',
        skills: [`skill-${index % 12}`, 'copywriting'],
        tenure_years: 5,
        median_turnaround_minutes: 20 + index,
        rate_credits_per_hour: 90,
        availability: 'online',
      };
      const added = await request(services.baseUrl, 'POST', '/admin/v1/experts', { headers: { authorization: `Bearer ${admin}` }, body });
      if (added.status !== 201) throw new Error(`expert answered ${added.status}`);
    }
    const key = (await services.ops<{ keys: { test: string } }>('workspace:create', '--name', 'bench-a2a')).keys.test;
    const rpc = (method: string, params: unknown) =>
      fetch(`${services.baseUrl}/a2a/v1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'a2a-version': '1.0', authorization: `Bearer ${key}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      }).then(async (response) => (await response.json()) as { result?: { task?: { id: string } }; error?: unknown });
    const a2aCreates: number[] = [];
    const restCreates: number[] = [];
    const taskIds: string[] = [];
    const restIds: string[] = [];
    for (let index = 0; index < count; index++) {
      const message = {
        messageId: randomUUID(),
        role: 'ROLE_USER',
        parts: [{ text: `Benchmark brief number ${index}.` }, { data: { skills: ['copywriting'] } }],
      };
      const [answer, a2aMs] = await timed(() => rpc('SendMessage', { message }));
      if (!answer.result?.task) throw new Error(`SendMessage answered ${JSON.stringify(answer)}`);
      a2aCreates.push(a2aMs);
      taskIds.push(answer.result.task.id);
      const [restId, restMs] = await timedRestCreate(services.baseUrl, key, index);
      restCreates.push(restMs);
      restIds.push(restId);
    }
    const a2aGets: number[] = [];
    const restGets: number[] = [];
    for (let index = 0; index < count; index++) {
      a2aGets.push((await timed(() => rpc('GetTask', { id: taskIds[index] })))[1]);
      restGets.push(await timedRestGet(services.baseUrl, key, restIds[index]));
    }
    const cards: number[] = [];
    const rosterReads: number[] = [];
    for (let index = 0; index < count; index++) {
      cards.push(
        (
          await timed(() => fetch(`${services.baseUrl}/.well-known/agent-card.json`, { headers: { 'a2a-version': '1.0' } }).then((response) => response.text()))
        )[1],
      );
      rosterReads.push((await timed(() => listRoster(services.database.pool, { afterId: null, limit: 100 })))[1]);
    }
    const result = {
      requests: count,
      a2a_send_message_ms: percentiles(a2aCreates),
      rest_create_ms: percentiles(restCreates),
      a2a_get_task_ms: percentiles(a2aGets),
      rest_get_ms: percentiles(restGets),
      agent_card_ms: percentiles(cards),
      roster_read_40_experts_ms: percentiles(rosterReads),
    };
    printFigures(result);
  } finally {
    await services.stop();
  }
}

runBench(main);
