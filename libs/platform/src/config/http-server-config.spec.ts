import { loadHttpServerConfig } from './http-server-config';

describe('the HTTP server bounds', () => {
  it('defaults: headers in 10 s, the request in 120 s, keep-alive 72 s, 4096 connections, 256 per address, blocked addresses held 10 s, 4 KB anonymous bodies', () => {
    expect(loadHttpServerConfig({})).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 120_000,
      keepAliveTimeoutMs: 72_000,
      maxConnections: 4096,
      maxConnectionsPerAddress: 256,
      blockedHoldMs: 10_000,
      unauthenticatedBodyMaxBytes: 4096,
    });
  });

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
