import { backoffDelay } from './event-follower';
import { ListenUsageError, parseListenOptions } from './listen-options';

const TEST_KEY = `svc_test_${'a'.repeat(32)}`;
const LIVE_KEY = `svc_live_${'b'.repeat(32)}`;

describe('npm run listen: options', () => {
  it('takes a test key and a local URL, and makes a session secret', () => {
    const options = parseListenOptions({ key: TEST_KEY, 'forward-to': 'http://localhost:3000/hooks' }, { GATEWAY_PORT: '4100' });
    expect(options).toMatchObject({ mode: 'test', scheme: 'service', apiUrl: 'http://127.0.0.1:4100', secretGenerated: true });
    expect(options.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(parseListenOptions({ key: TEST_KEY, 'forward-to': 'http://x/' }, {}).secret).not.toBe(options.secret);
  });

  it('reads the key from SERVICE_API_KEY, and refuses a live one without --live', () => {
    expect(parseListenOptions({ 'forward-to': 'http://x/' }, { SERVICE_API_KEY: TEST_KEY }).key).toBe(TEST_KEY);
    expect(() => parseListenOptions({ key: LIVE_KEY, 'forward-to': 'http://x/' }, {})).toThrow(/only with --live/);
    expect(parseListenOptions({ key: LIVE_KEY, 'forward-to': 'http://x/', live: true }, {}).mode).toBe('live');
  });

  it.each([
    [{ 'forward-to': 'http://x/' }, /--key/],
    [{ key: 'svc_test_short', 'forward-to': 'http://x/' }, /must be an API key/],
    [{ key: TEST_KEY }, /--forward-to is required/],
    [{ key: TEST_KEY, 'forward-to': 'not a url' }, /not a URL/],
    [{ key: TEST_KEY, 'forward-to': 'ftp://x/' }, /http:\/\/ or https:\/\//],
    [{ key: TEST_KEY, 'forward-to': 'http://x/', scheme: 'hmac' }, /--scheme/],
    [{ key: TEST_KEY, 'forward-to': 'http://x/', secret: 'whsec_short' }, /--secret/],
  ])('refuses %j', (flags, message) => {
    expect(() => parseListenOptions(flags, {})).toThrow(ListenUsageError);
    expect(() => parseListenOptions(flags, {})).toThrow(message);
  });

  it('keeps a given secret, in either form, as base64url', () => {
    const bytes = Buffer.alloc(32, 5);
    const standardForm = `whsec_${bytes.toString('base64')}`;
    const serviceForm = `whsec_${bytes.toString('base64url')}`;
    expect(parseListenOptions({ key: TEST_KEY, 'forward-to': 'http://x/', secret: standardForm }, {})).toMatchObject({
      secret: serviceForm,
      secretGenerated: false,
    });
    expect(parseListenOptions({ key: TEST_KEY, 'forward-to': 'http://x/', secret: serviceForm }, {}).secret).toBe(serviceForm);
  });

  it('backs off doubling from 1 s to 30 s, with at most 20 % jitter', () => {
    const backoff = { initialMs: 1000, maxMs: 30_000 };
    expect([1, 2, 3, 5, 6, 20].map((n) => backoffDelay(n, backoff, () => 0))).toEqual([1000, 2000, 4000, 16_000, 30_000, 30_000]);
    expect(backoffDelay(1, backoff, () => 1)).toBe(1200);
  });
});
