import { storableHeaders } from './idempotency-outcome.hook';

describe('storableHeaders', () => {
  it('keeps what describes the answer and drops what describes the exchange', () => {
    expect(
      storableHeaders({
        'content-type': 'application/json; charset=utf-8',
        location: '/v1/deployments/dep_01JD0000000000000000000000',
        'request-id': 'req_1',
        'x-ratelimit-limit': '1000',
        'x-ratelimit-remaining': 999,
        'x-ratelimit-reset': '1700000000',
        'retry-after': '1',
        'content-length': 120,
        vary: ['accept', 'origin'],
        'x-absent': undefined,
      }),
    ).toEqual({
      'content-type': 'application/json; charset=utf-8',
      location: '/v1/deployments/dep_01JD0000000000000000000000',
      vary: 'accept, origin',
    });
  });
});
