import type { NewEvent } from '@eh/event-store';
import { isStoreOnlyAppend } from './relay-qualifiers';

const metadata = { workspace_id: 'ws_1', correlation_id: 'req_1', causation_id: null, schema_version: 1, occurred_at: '2030-01-01T00:00:00.000Z' };
const event = (type: string, data: unknown = {}): NewEvent => ({ id: `evt_${type}`, type, data, metadata });

describe('isStoreOnlyAppend (every service store’s quietAppend)', () => {
  it('is true for a delivery’s own records: its schedule, attempt and outcome', () => {
    const records = [event('delivery.scheduled', { event_type: 'deployment.completed' }), event('delivery.attempted'), event('delivery.succeeded')];
    expect(isStoreOnlyAppend('delivery-dlv_1', records)).toBe(true);
    expect(isStoreOnlyAppend('delivery-dlv_1', [event('delivery.retry_scheduled')])).toBe(true);
  });

  it('is false for a delivery event that asks the webhooks worker for an attempt, which is published', () => {
    expect(isStoreOnlyAppend('delivery-dlv_1', [event('delivery.replay_requested')])).toBe(false);
    expect(isStoreOnlyAppend('delivery-dlv_1', [event('delivery.scheduled', { event_type: 'webhook.test' })])).toBe(false);
    expect(isStoreOnlyAppend('delivery-dlv_1', [event('delivery.attempted'), event('delivery.replay_requested')])).toBe(false);
  });

  it('is false for every other category, test-mode deployments included', () => {
    expect(isStoreOnlyAppend('deployment-dep_1', [event('deployment.created', { mode: 'test' })])).toBe(false);
    expect(isStoreOnlyAppend('workspace-ws_1', [event('workspace.created')])).toBe(false);
  });
});
