import { sseFrames, type SseFrame } from './sse-frames';

const streamOf = (...chunks: string[]): ReadableStream<Uint8Array> =>
  new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

async function framesOf(...chunks: string[]): Promise<SseFrame[]> {
  const frames: SseFrame[] = [];
  for await (const frame of sseFrames(streamOf(...chunks))) frames.push(frame);
  return frames;
}

describe('sseFrames', () => {
  it('reads id, event and data, skipping comments and retry, across chunk boundaries', async () => {
    const frames = await framesOf(
      'retry: 3000\n: connected\n\nid: 1\nevent: deployment.acc',
      'epted\ndata: {"a":1}\n\n: keepalive\n\nid: 2\r\nevent: x\r\ndata: l1\r\ndata: l2\r\n\r\n',
    );
    expect(frames).toEqual([
      { id: '1', event: 'deployment.accepted', data: '{"a":1}' },
      { id: '2', event: 'x', data: 'l1\nl2' },
    ]);
  });

  it('drops a frame the stream cut before its blank line', async () => {
    expect(await framesOf('id: 1\ndata: whole\n\nid: 2\ndata: cut')).toEqual([{ id: '1', event: 'message', data: 'whole' }]);
  });
});

describe('sseFrames over any async iterable of bytes (the CLI listener reads a fetch body this way)', () => {
  async function framesOfChunks(...chunks: string[]): Promise<SseFrame[]> {
    async function* body(): AsyncGenerator<Uint8Array> {
      for (const chunk of chunks) yield new TextEncoder().encode(chunk);
    }
    const frames: SseFrame[] = [];
    for await (const frame of sseFrames(body())) frames.push(frame);
    return frames;
  }

  it('splits frames across chunks, joins data lines, skips comments', async () => {
    expect(await framesOfChunks('id: 1:5\nevent: deployment.accepted\nda', 'ta: {"a":1}\n\n: keep-alive\n\nid: 1:6\r\ndata: x\r\ndata: y\r\n\r\n')).toEqual([
      { id: '1:5', event: 'deployment.accepted', data: '{"a":1}' },
      { id: '1:6', event: 'message', data: 'x\ny' },
    ]);
  });

  it('yields an id alone, where a bounded replay stopped, so the reconnect continues after it', async () => {
    expect(await framesOfChunks('id: 9:99\n\n')).toEqual([{ id: '9:99', event: 'message', data: null }]);
  });
});
