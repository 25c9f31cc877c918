import { createHmac } from 'node:crypto';
import { computeSignature, parseSignatureHeader, verifyWebhook } from './index';

const SECRET = 'whsec_new';
const OLD = 'whsec_old';
const BODY = '{"id":"evt_1","type":"deployment.accepted","data":{"object":{"metadata":{"é":"ü"}}}}';
const T = 1_760_000_000;
const header = (t: number, ...secrets: string[]): string => [`t=${t}`, ...secrets.map((s) => `v1=${computeSignature(s, t, BODY)}`)].join(',');

describe('verifyWebhook (Service-Signature t=<unix>,v1=<hmac>)', () => {
  it('accepts the v1 HMAC-SHA256 of "<t>.<raw_body>"', () => {
    expect(verifyWebhook({ payload: BODY, header: header(T, SECRET), secrets: [SECRET], now: T })).toEqual({ valid: true, timestamp: T });
  });

  it('accepts the raw body given as bytes, as most frameworks hand it over', () => {
    expect(verifyWebhook({ payload: Buffer.from(BODY, 'utf8'), header: header(T, SECRET), secrets: [SECRET], now: T }).valid).toBe(true);
  });

  it('matches the HMAC computed independently', () => {
    expect(computeSignature(SECRET, T, BODY)).toBe(createHmac('sha256', SECRET).update(`${T}.${BODY}`).digest('hex'));
  });

  it('accepts any of several v1 entries during a rotation, with either secret', () => {
    const rotating = header(T, SECRET, OLD);
    expect(verifyWebhook({ payload: BODY, header: rotating, secrets: [SECRET], now: T }).valid).toBe(true);
    expect(verifyWebhook({ payload: BODY, header: rotating, secrets: [OLD], now: T }).valid).toBe(true);
    expect(verifyWebhook({ payload: BODY, header: header(T, OLD), secrets: [SECRET, OLD], now: T }).valid).toBe(true);
  });

  it('refuses a body changed by one byte, and a wrong secret', () => {
    expect(verifyWebhook({ payload: `${BODY} `, header: header(T, SECRET), secrets: [SECRET], now: T })).toEqual({
      valid: false,
      reason: 'no_matching_signature',
    });
    expect(verifyWebhook({ payload: BODY, header: header(T, OLD), secrets: [SECRET], now: T })).toEqual({ valid: false, reason: 'no_matching_signature' });
  });

  it('refuses a signature whose timestamp was moved (t is signed too)', () => {
    const moved = header(T, SECRET).replace(`t=${T}`, `t=${T + 1}`);
    expect(verifyWebhook({ payload: BODY, header: moved, secrets: [SECRET], now: T }).valid).toBe(false);
  });

  it('tolerates 300 s of clock difference either way, not one second more', () => {
    for (const now of [T + 300, T - 300]) expect(verifyWebhook({ payload: BODY, header: header(T, SECRET), secrets: [SECRET], now }).valid).toBe(true);
    for (const now of [T + 301, T - 301]) {
      expect(verifyWebhook({ payload: BODY, header: header(T, SECRET), secrets: [SECRET], now })).toEqual({
        valid: false,
        reason: 'timestamp_out_of_tolerance',
      });
    }
    expect(verifyWebhook({ payload: BODY, header: header(T, SECRET), secrets: [SECRET], now: T + 1000, toleranceSeconds: 1000 }).valid).toBe(true);
  });

  it('says why a header is unusable', () => {
    expect(verifyWebhook({ payload: BODY, header: undefined, secrets: [SECRET], now: T })).toEqual({ valid: false, reason: 'missing_header' });
    for (const bad of ['garbage', `t=${T}`, 'v1=abc', `t=x,v1=${'a'.repeat(64)}`, `t=${T},t=${T},v1=${'a'.repeat(64)}`, `t=${T},v1=short`]) {
      expect(verifyWebhook({ payload: BODY, header: bad, secrets: [SECRET], now: T })).toEqual({ valid: false, reason: 'malformed_header' });
    }
  });

  it('ignores schemes it does not know, so a future v2 entry breaks no receiver', () => {
    const withV2 = `${header(T, SECRET)},v2=${'b'.repeat(64)}`;
    expect(parseSignatureHeader(withV2)?.signatures).toHaveLength(1);
    expect(verifyWebhook({ payload: BODY, header: withV2, secrets: [SECRET], now: T }).valid).toBe(true);
  });

  it('uses the system clock when none is injected', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(verifyWebhook({ payload: BODY, header: header(now, SECRET), secrets: [SECRET] }).valid).toBe(true);
  });
});
