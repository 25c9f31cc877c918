import { sseEvent } from './event-stream.response';

describe('SSE messages with ids', () => {
  it('frames id, event and one line of JSON', () => {
    expect(sseEvent('4', 'deployment.completed', { a: 'b\nc' })).toBe('id: 4\nevent: deployment.completed\ndata: {"a":"b\\nc"}\n\n');
  });

  it('refuses a line break in the id or the name', () => {
    expect(() => sseEvent('4\n', 'x', {})).toThrow();
  });
});
