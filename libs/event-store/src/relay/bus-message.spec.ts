import type { RecordedEvent } from '../event-store.port';
import { toBusMessage } from './bus-message';

const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: 'evt_1',
  type,
  data,
  metadata: { workspace_id: 'ws_1', correlation_id: 'req_1', causation_id: null, schema_version: 1, occurred_at: '2030-01-01T00:00:00.000Z' },
  streamName: 'webhook_endpoint-ws_1',
  streamRevision: 0,
  checkpoint: '1',
  recordedAt: '2030-01-01T00:00:00.000Z',
});

describe('toBusMessage (what the relay publishes)', () => {
  it('drops sealed and legacy plaintext secrets of endpoint events, keeping the rest', () => {
    const sealed = { kid: 'k1', iv: 'aaa', tag: 'bbb', ct: 'ccc' };
    const registered = recorded('webhook_endpoint.registered', {
      workspace_id: 'ws_1',
      endpoint_id: 'we_1',
      url: 'https://a.example.com',
      sealed_secret: sealed,
      registered_at: 'x',
    });
    expect(toBusMessage(registered)).toEqual({
      ...registered,
      data: { workspace_id: 'ws_1', endpoint_id: 'we_1', url: 'https://a.example.com', registered_at: 'x' },
    });
    const legacy = recorded('webhook_endpoint.secret_rotated', {
      workspace_id: 'ws_1',
      endpoint_id: 'we_1',
      secret: 'whsec_plain',
      previous_secret_expires_at: 'y',
      rotated_at: 'x',
    });
    expect(JSON.stringify(toBusMessage(legacy))).not.toContain('whsec_plain');
    expect(registered.data).toHaveProperty('sealed_secret');
  });

  it('passes other events through unchanged', () => {
    const event = recorded('deployment.created', { secret: 'not a signing secret', brief: 'b' });
    expect(toBusMessage(event)).toBe(event);
  });
});
