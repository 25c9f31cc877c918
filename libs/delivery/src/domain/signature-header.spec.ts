import { verifyWebhook } from '@eh/webhook-signature';
import { deriveDeliveryId, destinationKey } from './delivery-id';
import { signatureHeader, webhookHeaders } from './signature-header';
import { buildWebhookBody } from './webhook-body';

const BODY = buildWebhookBody({
  event_id: 'evt_01JDDDDDDDDDDDDDDDDDDDDDDD',
  event_type: 'deployment.completed',
  created_at: '2030-01-01T00:00:00.000Z',
  sequence: 3,
  object: { id: 'dep_1', status: 'completed', metadata: { order: 'A-17' } },
  metadata: { order: 'A-17' },
});

describe('signing with Service-Signature t=<unix>,v1=<hmac>', () => {
  it("builds t=…,v1=… that the partners' helper verifies", () => {
    const header = signatureHeader(BODY, 1_900_000_000, ['whsec_a']);
    expect(header).toMatch(/^t=1900000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook({ payload: BODY, header, secrets: ['whsec_a'], now: 1_900_000_100 }).valid).toBe(true);
  });

  it('signs once per active secret while rotating, and each secret verifies alone', () => {
    const header = signatureHeader(BODY, 1_900_000_000, ['whsec_new', 'whsec_old']);
    expect(header.split(',').filter((part) => part.startsWith('v1='))).toHaveLength(2);
    for (const secret of ['whsec_new', 'whsec_old']) expect(verifyWebhook({ payload: BODY, header, secrets: [secret], now: 1_900_000_000 }).valid).toBe(true);
  });

  it('refuses to sign with no secret at all', () => {
    expect(() => signatureHeader(BODY, 1, [])).toThrow(/secret/);
  });

  it('sends the delivery headers, the idempotency key equal to the delivery id', () => {
    const headers = webhookHeaders({ deliveryId: 'del_1', eventType: 'deployment.completed', body: BODY, timestampSeconds: 5, secrets: ['s'] });
    expect(headers).toMatchObject({
      'service-event': 'deployment.completed',
      'service-delivery': 'del_1',
      'service-idempotency-key': 'del_1',
      'content-type': 'application/json',
    });
    expect(headers['service-signature']).toMatch(/^t=5,v1=/);
  });
});

describe('the event body', () => {
  it('has a fixed shape and field order, with metadata always present', () => {
    expect(Object.keys(JSON.parse(BODY))).toEqual(['id', 'object', 'type', 'created_at', 'sequence', 'data', 'metadata']);
    expect(JSON.parse(BODY)).toMatchObject({ object: 'event', sequence: 3, data: { object: { id: 'dep_1' } }, metadata: { order: 'A-17' } });
  });
});

describe('delivery ids', () => {
  const event = 'evt_01JDDDDDDDDDDDDDDDDDDDDDDD';
  it("are del_ ULID-shaped, deterministic per (event, destination), and keep the event's time", () => {
    const id = deriveDeliveryId(event, 'we_1');
    expect(id).toMatch(/^del_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(id.slice(4, 14)).toBe(event.slice(4, 14));
    expect(deriveDeliveryId(event, 'we_1')).toBe(id);
    expect(deriveDeliveryId(event, 'we_2')).not.toBe(id);
    expect(deriveDeliveryId('evt_01JDDDDDDDDDDDDDDDDDDDDDDE', 'we_1')).not.toBe(id);
  });

  it('key the endpoint by id and an override by its URL', () => {
    expect(destinationKey({ endpoint_id: 'we_1', url: 'https://x' })).toBe('we_1');
    expect(destinationKey({ endpoint_id: null, url: 'https://x' })).toBe('url:https://x');
  });
});
