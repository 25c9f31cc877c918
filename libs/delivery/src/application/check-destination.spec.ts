import { DomainError } from '@eh/contracts';
import { checkDestination, type Resolve } from './check-destination';

const resolving =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses;
const failing =
  (code: string): Resolve =>
  async () => {
    throw Object.assign(new Error(code), { code });
  };

async function refusal(url: string, resolve: Resolve, allowPrivate = false): Promise<string | null> {
  try {
    await checkDestination(url, 'webhook_url', allowPrivate, resolve);
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    expect([error.code, error.field]).toEqual(['invalid_request', 'webhook_url']);
    return error.message;
  }
}

describe('checkDestination (registration and create time)', () => {
  it('accepts an https URL whose every address is public', async () => {
    expect(await refusal('https://hooks.example.com/in', resolving('93.184.216.34', '2606:2800:220:1::'))).toBeNull();
  });

  it('refuses plain http, naming the field', async () => {
    expect(await refusal('http://hooks.example.com/in', resolving('93.184.216.34'))).toBe('webhook_url must be an https URL');
  });

  it('refuses a name resolving to loopback, private, link-local or metadata addresses', async () => {
    for (const address of ['127.0.0.1', '10.0.0.8', '169.254.169.254', 'fd00:ec2::254', '::1']) {
      expect(await refusal('https://sneaky.example.com/in', resolving('93.184.216.34', address))).toContain('non-public address');
    }
  });

  it('refuses a name that does not exist, and lets a transient DNS failure through to the per-attempt check', async () => {
    expect(await refusal('https://nowhere.example.invalid/', failing('ENOTFOUND'))).toBe('webhook_url host nowhere.example.invalid does not resolve');
    expect(await refusal('https://flaky-dns.example.com/', failing('EAI_AGAIN'))).toBeNull();
  });

  it('refuses address literals and local names without asking DNS', async () => {
    const never: Resolve = async () => {
      throw new Error('DNS must not be asked');
    };
    expect(await refusal('https://169.254.169.254/latest/meta-data', never)).toContain('169.254.169.254');
    expect(await refusal('https://localhost:8443/', never)).toContain('local host name');
    expect(await refusal('https://93.184.216.34/hook', never)).toBeNull();
  });

  it('refuses IPv4 hidden in IPv6, as a literal or as what a name resolves to', async () => {
    const never: Resolve = async () => {
      throw new Error('DNS must not be asked');
    };
    expect(await refusal('https://[::127.0.0.1]:8443/', never)).toBe(
      'webhook_url must not point to a non-public address (::7f00:1: IPv4-compatible carrying 127.0.0.1 (loopback))',
    );
    expect(await refusal('https://[2002:7f00:1::]/', never)).toContain('6to4 carrying 127.0.0.1');
    expect(await refusal('https://sneaky.example.com/', resolving('93.184.216.34', '64:ff9b::a9fe:a9fe'))).toContain('169.254.169.254 (linkLocal)');
  });

  it('allows http and private addresses when configuration says so', async () => {
    expect(await refusal('http://127.0.0.1:4000/hook', resolving('127.0.0.1'), true)).toBeNull();
  });
});
