import { ExpertHandoff } from './client';
import type { StreamedEvent } from './event-stream';

const frame = (id: number, status: string): string =>
  `id: ${id}\nevent: deployment.${status}\ndata: ${JSON.stringify({ id: `evt_${id}`, type: `deployment.${status}`, sequence: id, data: { object: { id: 'dep_1', status } } })}\n\n`;

describe('deployments.stream', () => {
  it('yields each event with the id to resume after, until the stream ends', async () => {
    const body = `retry: 3000\n\n${frame(3, 'accepted')}: keepalive\n\n${frame(4, 'completed')}`;
    const client = new ExpertHandoff({ apiKey: 'svc_test_x', fetch: (async () => new Response(body, { status: 200 })) as unknown as typeof fetch });
    const events: StreamedEvent[] = [];
    for await (const streamed of await client.deployments.stream('dep_1')) events.push(streamed);
    expect(events.map(({ id, event }) => [id, event.type, event.data.object])).toEqual([
      ['3', 'deployment.accepted', { id: 'dep_1', status: 'accepted' }],
      ['4', 'deployment.completed', { id: 'dep_1', status: 'completed' }],
    ]);
  });
});
