import { DomainError } from '@eh/contracts';
import type { A2ARequestHandler } from '@a2a-js/sdk/server';
import { A2aCall } from './a2a-call';
import { recordingFailures } from './recorded-failure';

const call = () =>
  new A2aCall(
    { workspaceId: 'ws_1', mode: 'test', keyId: 'key_1' } as never,
    { kind: 'api_key', id: 'key_1', label: 'k' },
    'req_1',
    '1.0',
    new AbortController().signal,
  );
const refused = new DomainError('invalid_request', 'skills is required', 'skills');

describe('recordingFailures', () => {
  it('keeps what a method threw on the call, and still throws it', async () => {
    const handler = recordingFailures({ getTask: () => Promise.reject(refused) } as unknown as A2ARequestHandler);
    const context = call();
    await expect(handler.getTask({ tenant: '', id: 'x' }, context)).rejects.toBe(refused);
    expect(context.failure).toBe(refused);
  });

  it('keeps what a stream threw while it was read', async () => {
    async function* failing(): AsyncGenerator<never, void, undefined> {
      yield* [];
      throw refused;
    }
    const handler = recordingFailures({ resubscribe: () => failing() } as unknown as A2ARequestHandler);
    const context = call();
    const stream = handler.resubscribe({ tenant: '', id: 'x' }, context);
    await expect(stream.next()).rejects.toBe(refused);
    expect(context.failure).toBe(refused);
  });

  it('leaves a call that succeeded without a failure', async () => {
    const handler = recordingFailures({ getTask: () => Promise.resolve({ id: 'dep_1' }) } as unknown as A2ARequestHandler);
    const context = call();
    await expect(handler.getTask({ tenant: '', id: 'x' }, context)).resolves.toEqual({ id: 'dep_1' });
    expect(context.failure).toBeUndefined();
  });
});
