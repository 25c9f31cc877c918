import type { StoredEvent } from '../soak-evidence';

/** Builds StoredEvent rows in commit order, as the checks read them from PostgreSQL. */
export class StoredEvents {
  readonly rows: StoredEvent[] = [];
  private position = 0n;
  private readonly revisions = new Map<string, number>();

  add(streamName: string, type: string, data: Record<string, unknown>, metadata: Record<string, unknown> = {}): StoredEvent {
    this.position += 1n;
    const revision = this.revisions.get(streamName) ?? 0;
    this.revisions.set(streamName, revision + 1);
    const row: StoredEvent = {
      eventId: `evt_${String(this.position).padStart(4, '0')}`,
      streamName,
      revision,
      type,
      data,
      metadata,
      transactionId: 1000n + this.position,
      position: this.position,
    };
    this.rows.push(row);
    return row;
  }
}

export const WS = 'ws_01JSOAKSOAKSOAKSOAKSOAKSOA';
export const EXPERT = { id: 'spec_01JSOAKEXPERTEXPERTEXPERT0', name: 'Soak Expert', role: 'Copywriter' };
export const OTHER_EXPERT = { id: 'spec_01JSOAKOTHEROTHEROTHEROTH0', name: 'Other Expert', role: 'Copywriter' };

export function createdData(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    deployment_id: id,
    workspace_id: WS,
    mode: 'live',
    brief: 'Soak.',
    skills: ['copywriting'],
    urgency: 'priority',
    scheduled_for: null,
    context_url: null,
    context_files: [],
    metadata: { soak_op: `op-${id}` },
    webhook_url: null,
    sla_deadline: '2026-01-01T10:00:25.000Z',
    credits_reserved: 30,
    created_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The first offer of a deployment, to `expert`, open from 10:00:01 to 10:00:07. */
export function offeredData(id: string, expert: Record<string, unknown> = EXPERT): Record<string, unknown> {
  return { deployment_id: id, offer_number: 1, expert, match: {}, offered_at: '2026-01-01T10:00:01.000Z', offer_expires_at: '2026-01-01T10:00:07.000Z' };
}

/** A cancellation at 10:00:05, by the agent unless `by` says otherwise. */
export function cancelledData(id: string, by = 'agent'): Record<string, unknown> {
  return { deployment_id: id, cancelled_by: by, reason: 'x', partial_output: null, cancelled_at: '2026-01-01T10:00:05.000Z' };
}

/** A live deployment offered, accepted, started and completed by EXPERT, charging `charged`. */
export function completedLive(events: StoredEvents, id: string, charged = 20): void {
  const stream = `deployment-${id}`;
  events.add(stream, 'deployment.created', createdData(id));
  events.add(stream, 'deployment.offered', offeredData(id));
  events.add(stream, 'deployment.accepted', { deployment_id: id, expert: EXPERT, accepted_at: '2026-01-01T10:00:02.000Z' });
  events.add(stream, 'deployment.in_progress', { deployment_id: id, started_at: '2026-01-01T10:00:03.000Z' });
  events.add(stream, 'deployment.completed', {
    deployment_id: id,
    output: { format: 'markdown', body: 'x', attachments: [] },
    credits_charged: charged,
    duration_seconds: 60,
    completed_at: '2026-01-01T10:00:04.000Z',
  });
}
