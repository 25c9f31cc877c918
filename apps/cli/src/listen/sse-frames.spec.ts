import { sseFrames, type SseFrame } from './sse-frames';

async function framesOf(...chunks: string[]): Promise<SseFrame[]> {
  async function* body(): AsyncGenerator<Uint8Array> {
    for (const chunk of chunks) yield new TextEncoder().encode(chunk);
  }
  const frames: SseFrame[] = [];
  for await (const frame of sseFrames(body())) frames.push(frame);
  return frames;
}

describe('the listener reads server-sent events', () => {
  it('splits frames across chunks, joins data lines, skips comments', async () => {
    expect(await framesOf('id: 1:5\nevent: deployment.accepted\nda', 'ta: {"a":1}\n\n: keep-alive\n\nid: 1:6\r\ndata: x\r\ndata: y\r\n\r\n')).toEqual([
      { id: '1:5', event: 'deployment.accepted', data: '{"a":1}' },
      { id: '1:6', event: 'message', data: 'x\ny' },
    ]);
  });

  it('yields an id alone, where a bounded replay stopped, so the reconnect continues after it', async () => {
    expect(await framesOf('id: 9:99\n\n')).toEqual([{ id: '9:99', event: 'message', data: null }]);
  });
});
