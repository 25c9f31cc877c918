import { DomainError } from '@eh/contracts';
import { parsePushSubscription, parseSettingsChange } from './push-subscription.rules';

const p256dh = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
const auth = Buffer.alloc(16, 3).toString('base64url');
const valid = { endpoint: 'https://push.example.com/send/abc', expirationTime: null, keys: { p256dh, auth } };
const httpsOnly = (url: string): string | null => (url.startsWith('https://') ? null : 'must be an https URL');

function refusal(body: unknown): { param?: string; message: string } {
  try {
    parsePushSubscription(body, httpsOnly);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return { param: (error as DomainError).field, message: (error as DomainError).message };
  }
  throw new Error('accepted');
}

describe('a push subscription from the browser', () => {
  it('takes PushSubscription.toJSON()', () => {
    expect(parsePushSubscription(valid, httpsOnly)).toEqual(valid);
    expect(parsePushSubscription({ ...valid, expirationTime: undefined }, httpsOnly).expirationTime).toBeNull();
    expect(parsePushSubscription({ ...valid, expirationTime: 1_800_000_000_000 }, httpsOnly).expirationTime).toBe(1_800_000_000_000);
  });

  it.each([
    [null, 'body'],
    [[], 'body'],
    [{ ...valid, extra: 1 }, 'extra'],
    [{ ...valid, endpoint: undefined }, 'endpoint'],
    [{ ...valid, endpoint: 'http://push.example.com/x' }, 'endpoint'],
    [{ ...valid, endpoint: `https://x/${'a'.repeat(2100)}` }, 'endpoint'],
    [{ ...valid, expirationTime: 'soon' }, 'expirationTime'],
    [{ ...valid, keys: null }, 'keys'],
    [{ ...valid, keys: { auth } }, 'keys.p256dh'],
    [{ ...valid, keys: { p256dh: 'not base64!', auth } }, 'keys.p256dh'],
    [{ ...valid, keys: { p256dh: Buffer.alloc(33).toString('base64url'), auth } }, 'keys.p256dh'],
    [{ ...valid, keys: { p256dh } }, 'keys.auth'],
    [{ ...valid, keys: { p256dh, auth: Buffer.alloc(8).toString('base64url') } }, 'keys.auth'],
  ])('refuses %j naming %s', (body, param) => {
    expect(refusal(body).param).toBe(param);
  });
});

describe('a change of notification settings', () => {
  it('takes any of the three booleans', () => {
    expect(parseSettingsChange({})).toEqual({});
    expect(parseSettingsChange({ email_enabled: false, push_enabled: true, sound: false })).toEqual({ email_enabled: false, push_enabled: true, sound: false });
  });
  it('names an unknown field or a value that is not a boolean', () => {
    for (const [body, param] of [
      [{ email: true }, 'email'],
      [{ sound: 'yes' }, 'sound'],
      [null, 'body'],
      [[1], 'body'],
    ] as const) {
      expect(() => parseSettingsChange(body)).toThrow(expect.objectContaining({ field: param }));
    }
  });
});
