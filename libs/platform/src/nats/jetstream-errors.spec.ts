import { isTransientJetStreamError, retryTransientJetStream } from './jetstream-errors';

const apiError = (errCode: number) => Object.assign(new Error(`api ${errCode}`), { api_error: { err_code: errCode } });

describe('transient JetStream errors', () => {
  it('are timeouts, no responders, a cluster without a leader or without enough peers', () => {
    expect(isTransientJetStreamError(Object.assign(new Error('TIMEOUT'), { code: 'TIMEOUT' }))).toBe(true);
    expect(isTransientJetStreamError(Object.assign(new Error('503'), { code: '503' }))).toBe(true);
    expect(isTransientJetStreamError(apiError(10008))).toBe(true);
    expect(isTransientJetStreamError(apiError(10074))).toBe(true);
    expect(isTransientJetStreamError(apiError(10065))).toBe(false); // subjects overlap: a configuration error
    expect(isTransientJetStreamError(new Error('boom'))).toBe(false);
  });

  it('a setup step that times out twice is run again until it succeeds; another error is thrown at once', async () => {
    let calls = 0;
    const result = await retryTransientJetStream(async () => {
      calls += 1;
      if (calls < 3) throw Object.assign(new Error('TIMEOUT'), { code: 'TIMEOUT' });
      return 'stream';
    });
    expect({ result, calls }).toEqual({ result: 'stream', calls: 3 });
    await expect(retryTransientJetStream(() => Promise.reject(apiError(10065)))).rejects.toThrow('api 10065');
  });
});
