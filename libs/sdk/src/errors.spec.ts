import { ConflictError, CreditsExhaustedError, errorFromResponse, ExpertHandoffError, RateLimitedError, ServiceUnavailableError } from './errors';
import { backoffMs } from './http';

const body = (code: string) => ({
  error: { type: 'invalid_request_error', code, message: `m ${code}`, param: 'skills', request_id: 'req_1', docs_url: 'https://x/errors' },
});

describe('errorFromResponse', () => {
  it('maps the API error codes to typed exceptions carrying code, param, request_id and Retry-After', () => {
    const error = errorFromResponse(429, body('in_flight_limit_reached'), '30');
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({
      status: 429,
      code: 'in_flight_limit_reached',
      param: 'skills',
      requestId: 'req_1',
      request_id: 'req_1',
      retryAfterSeconds: 30,
    });
    expect(errorFromResponse(402, body('credits_exhausted'), null)).toBeInstanceOf(CreditsExhaustedError);
    expect(errorFromResponse(409, body('deployment_not_cancellable'), null)).toBeInstanceOf(ConflictError);
  });

  it('still gives a typed error for a body that is not the API error shape', () => {
    const error = errorFromResponse(503, '<html>', null);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toBeInstanceOf(ExpertHandoffError);
    expect(error).toMatchObject({ code: 'service_unavailable', requestId: null });
    expect(errorFromResponse(502, undefined, null)).toMatchObject({ code: 'internal_error' });
  });
});

describe('backoffMs', () => {
  it('waits what Retry-After says, else doubles from 0.5 s with jitter up to 8 s', () => {
    expect(backoffMs({ retryAfterSeconds: 2 }, 0)).toBe(2000);
    for (const [attempt, max] of [
      [0, 500],
      [1, 1000],
      [6, 8000],
    ]) {
      const delay = backoffMs({ retryAfterSeconds: null }, attempt);
      expect(delay).toBeGreaterThanOrEqual(max / 2);
      expect(delay).toBeLessThanOrEqual(max);
    }
  });
});
