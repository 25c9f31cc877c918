import webpush from 'web-push';
import { classifyPushStatus, sendPush } from './push.channel';

describe('the Web Push channel', () => {
  it('reads the push service’s answer: 2xx sent, 404/410 gone, 429/5xx/3xx later, other 4xx for good', () => {
    for (const status of [200, 201, 202]) expect(classifyPushStatus(status).kind).toBe('sent');
    for (const status of [404, 410]) expect(classifyPushStatus(status).kind).toBe('gone');
    for (const status of [429, 500, 502, 503, 301]) expect(classifyPushStatus(status).kind).toBe('retryable');
    for (const status of [400, 401, 403, 413]) expect(classifyPushStatus(status).kind).toBe('permanent');
  });

  it('a subscription whose key is no curve point is a recorded permanent failure, not a crash', async () => {
    const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.com' };
    const notAPoint = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0)]).toString('base64url');
    const payload = {
      kind: 'offer' as const,
      deployment_id: 'dep_1',
      offer_number: 1,
      tag: 'offer:dep_1:1',
      title: 't',
      body: 'b',
      url: '/offers',
      skills: [],
      credits_cap: null,
      expires_at: null,
    };
    const outcome = await sendPush({ endpoint: 'https://push.invalid/x', p256dh: notAPoint, auth: Buffer.alloc(16, 1).toString('base64url') }, payload, {
      vapid,
      ttlSeconds: 60,
      timeoutMs: 500,
    });
    expect(outcome).toMatchObject({ kind: 'permanent', error: expect.stringContaining('cannot encrypt') });
  });

  it('an unreachable push service is retried', async () => {
    const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.com' };
    const browser = webpush.generateVAPIDKeys();
    const payload = {
      kind: 'reply' as const,
      deployment_id: 'dep_1',
      offer_number: null,
      tag: 'reply:dep_1',
      title: 't',
      body: 'b',
      url: '/work/dep_1',
      skills: [],
      credits_cap: null,
      expires_at: null,
    };
    const outcome = await sendPush(
      { endpoint: 'http://127.0.0.1:9/push', p256dh: browser.publicKey, auth: Buffer.alloc(16, 1).toString('base64url') },
      payload,
      { vapid, ttlSeconds: 60, timeoutMs: 500 },
    );
    expect(outcome.kind).toBe('retryable');
  });
});
