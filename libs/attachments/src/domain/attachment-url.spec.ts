import { attachmentSignature, checkAttachmentSignature, signedAttachmentUrl } from './attachment-url';

const SECRET = 'attachment-url-secret-for-tests-0123456789';
const PREVIOUS = 'previous-attachment-url-secret-0123456789';
const ID = 'att_01JATTACH00000000000000001';
const NOW = 1_800_000_000;

function parts(url: string): { path: string; expires: string; signature: string } {
  const parsed = new URL(url);
  return { path: parsed.pathname, expires: parsed.searchParams.get('expires') ?? '', signature: parsed.searchParams.get('signature') ?? '' };
}

describe('signed attachment URLs', () => {
  const url = signedAttachmentUrl({ publicBaseUrl: 'https://api.example.test/', secrets: [SECRET], attachmentId: ID, expires: NOW + 60 });
  const { path, expires, signature } = parts(url);
  const check = (overrides: Partial<Parameters<typeof checkAttachmentSignature>[0]> = {}) =>
    checkAttachmentSignature({ secrets: [SECRET], attachmentId: ID, expires, signature, nowSeconds: NOW, ...overrides });

  it('is <base>/v1/attachments/<id>/content?expires=<unix>&signature=<HMAC-SHA256 hex>', () => {
    expect(url).toBe(`https://api.example.test/v1/attachments/${ID}/content?expires=${NOW + 60}&signature=${signature}`);
    expect(path).toBe(`/v1/attachments/${ID}/content`);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    // HMAC-SHA256 of "<id>.<expires>", recomputable by any tool.
    expect(signature).toBe(
      require('node:crypto')
        .createHmac('sha256', SECRET)
        .update(`${ID}.${NOW + 60}`)
        .digest('hex'),
    );
  });

  it('verifies until it expires: valid one second before, expired at the second', () => {
    expect(check({ nowSeconds: NOW + 59 })).toEqual({ valid: true });
    expect(check({ nowSeconds: NOW + 60 })).toEqual({ valid: false, reason: 'expired' });
  });

  it('refuses any change: another attachment, a later expiry, an altered or shortened signature, another secret', () => {
    expect(check({ attachmentId: 'att_01JATTACH00000000000000002' })).toEqual({ valid: false, reason: 'mismatch' });
    expect(check({ expires: String(NOW + 3600) })).toEqual({ valid: false, reason: 'mismatch' });
    expect(check({ signature: `${signature.slice(0, 63)}${signature.endsWith('0') ? '1' : '0'}` })).toEqual({ valid: false, reason: 'mismatch' });
    expect(check({ signature: signature.slice(0, 62) })).toEqual({ valid: false, reason: 'mismatch' });
    expect(check({ signature: signature.toUpperCase() })).toEqual({ valid: false, reason: 'mismatch' });
    expect(check({ secrets: [PREVIOUS] })).toEqual({ valid: false, reason: 'mismatch' });
  });

  it('refuses missing or malformed parameters, and an expiry written another way', () => {
    expect(check({ expires: undefined })).toEqual({ valid: false, reason: 'mismatch' });
    expect(check({ signature: undefined })).toEqual({ valid: false, reason: 'mismatch' });
    expect(check({ expires: ['1', '2'] })).toEqual({ valid: false, reason: 'mismatch' });
    expect(check({ expires: `0${expires}` })).toEqual({ valid: false, reason: 'mismatch' });
    expect(check({ expires: '-1' })).toEqual({ valid: false, reason: 'mismatch' });
  });

  it('a tampered URL that has also expired says mismatch, not expired', () => {
    expect(check({ expires: String(NOW - 10) })).toEqual({ valid: false, reason: 'mismatch' });
  });

  it('during a rotation, URLs signed with the previous secret still verify', () => {
    const old = attachmentSignature(PREVIOUS, ID, NOW + 60);
    expect(check({ secrets: [SECRET, PREVIOUS], signature: old })).toEqual({ valid: true });
    expect(check({ secrets: [SECRET], signature: old })).toEqual({ valid: false, reason: 'mismatch' });
  });
});
