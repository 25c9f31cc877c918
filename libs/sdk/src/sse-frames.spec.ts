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
