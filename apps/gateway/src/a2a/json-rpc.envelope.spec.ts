import { checkEnvelope, idOf } from './json-rpc.envelope';

describe('checkEnvelope', () => {
  it('accepts a request object with its id and method', () => {
    expect(checkEnvelope({ jsonrpc: '2.0', id: 7, method: 'message/send', params: {} })).toEqual({ ok: true, id: 7, method: 'message/send' });
    expect(checkEnvelope({ jsonrpc: '2.0', method: 'tasks/get', params: { id: 'x' } })).toEqual({ ok: true, id: null, method: 'tasks/get' });
    expect(checkEnvelope({ jsonrpc: '2.0', id: 'a', method: 'GetTask' })).toEqual({ ok: true, id: 'a', method: 'GetTask' });
  });

  it.each([
    ['a batch', [{ jsonrpc: '2.0', id: 1, method: 'tasks/get' }], null],
    ['a string', 'hello', null],
    ['null', null, null],
    ['a wrong version', { jsonrpc: '1.0', id: 3, method: 'tasks/get' }, 3],
    ['no version', { id: 3, method: 'tasks/get' }, 3],
    ['no method', { jsonrpc: '2.0', id: 'x' }, 'x'],
    ['a method that is not a string', { jsonrpc: '2.0', id: 1, method: 5 }, 1],
    ['a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'tasks/get' }, null],
    ['an object id', { jsonrpc: '2.0', id: {}, method: 'tasks/get' }, null],
  ])('%s is an invalid request (-32600)', (_, body, id) => {
    expect(checkEnvelope(body)).toEqual({ ok: false, id, error: { code: -32600, message: expect.any(String) } });
  });

  it('params that are not an object are invalid params (-32602)', () => {
    expect(checkEnvelope({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: ['x'] })).toEqual({
      ok: false,
      id: 1,
      error: { code: -32602, message: '"params" must be an object' },
    });
  });
});

describe('idOf', () => {
  it('answers a valid id, else null', () => {
    expect(idOf({ id: 4 })).toBe(4);
    expect(idOf({ id: 'q' })).toBe('q');
    expect(idOf({ id: 1.5 })).toBeNull();
    expect(idOf([{ id: 1 }])).toBeNull();
    expect(idOf(undefined)).toBeNull();
  });
});
