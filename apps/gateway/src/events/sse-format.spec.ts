import { sseComment, sseEvent, sseMessage, sseRetry } from './sse-format';

describe('server-sent events framing', () => {
  it('names the event and sends its JSON on one data line, ended by a blank line', () => {
    expect(sseMessage('offer.created', { deployment_id: 'dep_1', offer_expires_at: '2026-11-21T10:05:00.000Z' })).toBe(
      'event: offer.created\ndata: {"deployment_id":"dep_1","offer_expires_at":"2026-11-21T10:05:00.000Z"}\n\n',
    );
  });

  it('keeps line breaks inside values escaped, so one message stays one message', () => {
    expect(sseMessage('deployment.updated', { note: 'a\nb' }).split('\n')).toEqual(['event: deployment.updated', 'data: {"note":"a\\nb"}', '', '']);
  });

  it('refuses an event name that would break the framing', () => {
    expect(() => sseMessage('x\ndata: forged', {})).toThrow('line break');
  });

  it('writes comments and the reconnection delay', () => {
    expect(sseComment('keepalive')).toBe(': keepalive\n\n');
    expect(sseComment('a\nb')).toBe(': a b\n\n');
    expect(sseRetry(3000)).toBe('retry: 3000\n\n');
  });

  it('frames a message with its id: id, event and one line of JSON', () => {
    expect(sseEvent('4', 'deployment.completed', { a: 'b\nc' })).toBe('id: 4\nevent: deployment.completed\ndata: {"a":"b\\nc"}\n\n');
  });

  it('refuses a line break in the id or the name', () => {
    expect(() => sseEvent('4\n', 'x', {})).toThrow();
  });
});
