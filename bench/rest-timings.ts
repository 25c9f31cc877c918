import { request } from '../test/support/http';
import { timed } from './latency';

/** One `POST /v1/deployments` of the numbered benchmark brief, timed; anything but 201 fails the bench. */
export async function timedRestCreate(baseUrl: string, key: string, index: number): Promise<[id: string, ms: number]> {
  const [created, ms] = await timed(() =>
    request<{ id: string }>(baseUrl, 'POST', '/v1/deployments', { key, body: { brief: `Benchmark brief number ${index}.`, skills: ['copywriting'] } }),
  );
  if (created.status !== 201) throw new Error(`create answered ${created.status}`);
  return [created.body.id, ms];
}

/** One `GET /v1/deployments/:id`, timed; anything but 200 fails the bench. */
export async function timedRestGet(baseUrl: string, key: string, id: string): Promise<number> {
  const [response, ms] = await timed(() => request(baseUrl, 'GET', `/v1/deployments/${id}`, { key }));
  if (response.status !== 200) throw new Error(`get answered ${response.status}`);
  return ms;
}
