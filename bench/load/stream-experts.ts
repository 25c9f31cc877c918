import http from 'node:http';
import type { HttpLoadClient } from './http-load-client';
import { expertWork, type BenchExpert, type ScriptedExperts } from './scripted-experts';

/**
 * Experts as the console is one: each holds `GET /expert/v1/events` open (which also makes them
 * reachable for the router) and works every `offer.created` it hears at once; on connecting it
 * reads its open offers once, as the console refetches, so an offer made just before is not lost.
 */
export async function runStreamExperts(baseUrl: string, client: HttpLoadClient, experts: readonly BenchExpert[]): Promise<ScriptedExperts> {
  const { work, actions } = expertWork(client);
  const url = new URL(baseUrl);
  const requests: http.ClientRequest[] = [];
  const pending = new Set<Promise<void>>();
  const handle = (expert: BenchExpert, id: string): void => {
    const done: Promise<void> = work(expert, id)
      .catch(() => undefined)
      .finally(() => pending.delete(done));
    pending.add(done);
  };
  const open = (expert: BenchExpert): Promise<void> =>
    new Promise((resolve, reject) => {
      const request = http.get(
        {
          hostname: url.hostname,
          port: url.port,
          path: '/expert/v1/events',
          headers: { accept: 'text/event-stream', authorization: `Bearer ${expert.credential}` },
        },
        (response) => {
          if (response.statusCode !== 200) return reject(new Error(`events stream of ${expert.id}: ${response.statusCode}`));
          let buffer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (block.includes(': connected')) {
                resolve();
                void client.request<{ data: { id: string }[] }>('GET', '/expert/v1/offers', { key: expert.credential }).then(
                  (offers) => offers.body.data?.forEach((offer) => handle(expert, offer.id)),
                  () => undefined,
                );
              }
              if (!block.includes('event: offer.created')) continue;
              const data = block.split('\n').find((line) => line.startsWith('data: '));
              if (data) handle(expert, (JSON.parse(data.slice('data: '.length)) as { deployment_id: string }).deployment_id);
            }
          });
          response.on('error', () => undefined);
        },
      );
      request.on('error', reject);
      requests.push(request);
    });
  await Promise.all(experts.map(open));
  return {
    actions,
    async stop() {
      for (const request of requests) request.destroy();
      await Promise.all(pending);
    },
  };
}
