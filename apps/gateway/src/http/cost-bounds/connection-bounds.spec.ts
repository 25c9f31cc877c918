import { loadHttpServerConfig } from '@eh/platform';
import { clientAddress, nodeServerOptions, OpenConnections } from './connection-bounds';

/** The defaults (their figures are checked in the platform's configuration spec). */
const bounds = loadHttpServerConfig({});

describe('connection bounds', () => {
  it('counts open connections per address, refuses past the cap, and forgets an address with none open', () => {
    const open = new OpenConnections(2);
    expect([open.add('10.0.0.1'), open.add('10.0.0.1'), open.add('10.0.0.1')]).toEqual([true, true, false]);
    expect(open.add('10.0.0.2')).toBe(true);
    open.remove('10.0.0.1');
    expect(open.add('10.0.0.1')).toBe(true);
    open.remove('10.0.0.2');
    expect(open.openFrom('10.0.0.2')).toBe(0);
  });

  it('takes an IPv4-mapped IPv6 peer as its IPv4 address', () => {
    expect(clientAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(clientAddress(undefined)).toBeNull();
  });

  it('looks for late requests every quarter of the shorter timeout, at most every second', () => {
    expect(nodeServerOptions(bounds)).toEqual({ headersTimeout: 10_000, requestTimeout: 120_000, keepAliveTimeout: 72_000, connectionsCheckingInterval: 1000 });
    expect(nodeServerOptions({ ...bounds, headersTimeoutMs: 1000, requestTimeoutMs: 2000 }).connectionsCheckingInterval).toBe(250);
    expect(nodeServerOptions({ ...bounds, headersTimeoutMs: 0, requestTimeoutMs: 0 }).connectionsCheckingInterval).toBe(30_000);
  });
});
