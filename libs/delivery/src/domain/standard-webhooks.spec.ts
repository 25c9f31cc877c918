import { secretKeyBytes, secretShownAs, standardSignature, standardWebhookHeaders } from './standard-webhooks';

describe('Standard Webhooks signing', () => {
  it('matches the specification’s own example', () => {
    // The example of the Standard Webhooks specification (secret, id, timestamp, body → signature).
    expect(standardSignature('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('shows one secret in either form, the same key bytes', () => {
    const secret = `whsec_${Buffer.alloc(32, 0xfb).toString('base64url')}`;
    const standard = secretShownAs(secret, 'standard');
    expect(standard).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secretShownAs(secret, 'service')).toBe(secret);
    expect(secretKeyBytes(standard)).toEqual(secretKeyBytes(secret));
    expect(standardSignature(standard, 'del_1', 1, '{}')).toBe(standardSignature(secret, 'del_1', 1, '{}'));
  });

  it('signs with every active secret, separated by spaces, under the delivery id', () => {
    const headers = standardWebhookHeaders({ deliveryId: 'del_1', body: '{}', timestampSeconds: 1700000000, secrets: ['whsec_AAAA', 'whsec_BBBB'] });
    expect(headers['webhook-id']).toBe('del_1');
    expect(headers['webhook-timestamp']).toBe('1700000000');
    expect(headers['webhook-signature'].split(' ')).toEqual([
      standardSignature('whsec_AAAA', 'del_1', 1700000000, '{}'),
      standardSignature('whsec_BBBB', 'del_1', 1700000000, '{}'),
    ]);
    expect(() => standardWebhookHeaders({ deliveryId: 'del_1', body: '{}', timestampSeconds: 1, secrets: [] })).toThrow();
  });
});
