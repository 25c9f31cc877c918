import { loadHttpServerConfig } from './http-server-config';

describe('the HTTP server bounds', () => {
  it('takes each from the environment, 0 turning a bound off', () => {
    expect(loadHttpServerConfig({ HTTP_REQUEST_TIMEOUT_MS: '0', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0', HTTP_HEADERS_TIMEOUT_MS: '500' })).toMatchObject({
      requestTimeoutMs: 0,
      maxConnectionsPerAddress: 0,
      headersTimeoutMs: 500,
    });
  });

  it('refuses a headers bound longer than the request bound, and values that are not integers', () => {
    expect(() => loadHttpServerConfig({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' })).toThrow(
      'HTTP_HEADERS_TIMEOUT_MS (5000) must not be longer than HTTP_REQUEST_TIMEOUT_MS (1000)',
    );
    expect(() => loadHttpServerConfig({ HTTP_MAX_CONNECTIONS: '-1' })).toThrow('HTTP_MAX_CONNECTIONS');
  });
});
