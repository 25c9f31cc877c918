import { randomBytes } from 'node:crypto';
import type { NewEvent } from '../event-store.port';

/** A unique id per call, so suites sharing a store never collide. */
export function uniqueId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

export function newStreamName(category = 'contract'): string {
  return `${category}-${uniqueId('s')}`;
}

export function newEvent(type = 'contract.happened', data: unknown = { n: 0 }, id = uniqueId('evt')): NewEvent {
  return {
    id,
    type,
    data,
    metadata: {
      workspace_id: 'ws_contract',
      correlation_id: 'req_contract',
      causation_id: null,
      schema_version: 1,
      occurred_at: '2030-01-01T00:00:00.000Z',
    },
  };
}

export function newEvents(count: number, type = 'contract.happened'): NewEvent[] {
  return Array.from({ length: count }, (_, n) => newEvent(type, { n }));
}
