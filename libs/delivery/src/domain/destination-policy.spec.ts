import { checkResolvedAddresses, checkUrlShape, isBlockedAddress, LISTENER_HINT, withListenerHint } from './destination-policy';

describe('destination policy (SSRF safety)', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fd00::1',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::10.0.0.1',
    'ff02::1',
    'not-an-ip',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows the public %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it('requires https, a host and no credentials', () => {
    expect(checkUrlShape('http://hooks.example.com', false)).toEqual({ ok: false, reason: 'must be an https URL' });
    expect(checkUrlShape('ftp://hooks.example.com', true)).toEqual({ ok: false, reason: 'must be an https URL' });
    expect(checkUrlShape('not a url', false)).toEqual({ ok: false, reason: 'is not a valid URL' });
    expect(checkUrlShape('https://user:pw@hooks.example.com', false)).toMatchObject({ ok: false, reason: 'must not carry credentials' });
    expect(checkUrlShape('https://hooks.example.com/in?x=1', false)).toMatchObject({ ok: true, hostname: 'hooks.example.com' });
  });

  it.each([
    'https://127.0.0.1/',
    'https://[::1]/',
    'https://2130706433/',
    'https://0x7f.1/',
    'https://169.254.169.254/latest',
    'https://localhost/',
    'https://a.localhost',
    'https://metadata.google.internal/',
  ])('refuses %s before any DNS lookup', (url) => {
    expect(checkUrlShape(url, false).ok).toBe(false);
  });

  it.each(['http://localhost:3000/hooks', 'https://127.0.0.1/', 'https://[::1]/in', 'https://app.localhost/'])(
    'points a refused %s on this machine to the local listener',
    (url) => {
      const verdict = checkUrlShape(url, false);
      if (verdict.ok) throw new Error(`${url} was allowed`);
      expect(withListenerHint(url, verdict).reason).toBe(`${verdict.reason}; ${LISTENER_HINT}`);
    },
  );

  it('gives no listener hint for a refused address elsewhere', () => {
    for (const url of ['https://10.0.0.5/', 'http://hooks.example.com', 'not a url']) {
      const verdict = checkUrlShape(url, false);
      if (verdict.ok) throw new Error(`${url} was allowed`);
      expect(withListenerHint(url, verdict)).toEqual(verdict);
    }
  });

  it('allows http and private hosts when configuration says so (tests, local development)', () => {
    expect(checkUrlShape('http://127.0.0.1:4000/hook', true)).toMatchObject({ ok: true, hostname: '127.0.0.1' });
    expect(checkResolvedAddresses('localhost', ['127.0.0.1'], true)).toEqual({ ok: true });
  });

  it('refuses a name when any of its addresses is not public', () => {
    expect(checkResolvedAddresses('hooks.example.com', ['93.184.216.34'], false)).toEqual({ ok: true });
    expect(checkResolvedAddresses('rebind.example.com', ['93.184.216.34', '10.0.0.5'], false)).toEqual({
      ok: false,
      reason: 'host rebind.example.com resolves to a non-public address (10.0.0.5: private)',
    });
    expect(checkResolvedAddresses('empty.example.com', [], false).ok).toBe(false);
  });
});
