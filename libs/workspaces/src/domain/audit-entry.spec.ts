import { auditEntryOf, AUDITED_EVENT_TYPES, type AuditSource } from './audit-entry';

const source = (type: string, data: Record<string, unknown>): AuditSource => ({
  id: 'evt_1',
  type,
  data,
  workspace_id: 'ws_1',
  occurred_at: '2030-01-01T00:00:00.000Z',
});
const MEMBER = { kind: 'member' as const, id: 'mem_1', label: 'o@example.com' };

describe('audit entries', () => {
  it('a dashboard key names its member, its mode and its name', () => {
    expect(auditEntryOf(source('workspace.api_key_issued', { key_id: 'key_1', mode: 'live', last4: 'abcd', name: 'CI', actor: MEMBER }))).toEqual({
      object: 'audit_entry',
      id: 'evt_1',
      workspace_id: 'ws_1',
      action: 'api_key.created',
      actor: MEMBER,
      target: { kind: 'api_key', id: 'key_1', label: 'CI (…abcd)' },
      mode: 'live',
      occurred_at: '2030-01-01T00:00:00.000Z',
    });
  });

  it("events from earlier (no actor) are operations'", () => {
    expect(auditEntryOf(source('workspace.api_key_issued', { key_id: 'key_1', mode: 'test', last4: 'abcd' }))?.actor).toEqual({
      kind: 'admin',
      id: null,
      label: 'operations',
    });
    expect(auditEntryOf(source('account.plan_changed', { plan: { name: 'pro', cycle_cap_credits: 10, in_flight_limit: 20 } }))).toMatchObject({
      action: 'plan.changed',
      actor: { kind: 'admin' },
    });
  });

  it("a person joining is their own actor; a limit request is its requester's", () => {
    expect(auditEntryOf(source('member.joined', { member_id: 'mem_2', email: 'd@example.com' }))?.actor).toEqual({
      kind: 'member',
      id: 'mem_2',
      label: 'd@example.com',
    });
    expect(
      auditEntryOf(source('limit_request.created', { request_id: 'lrq_1', requested_by: MEMBER, current_in_flight_limit: 10, requested_in_flight_limit: 20 })),
    ).toMatchObject({ actor: MEMBER, target: { label: 'in flight 10 → 20' } });
  });

  it('every audited type maps; other events make no entry', () => {
    for (const type of AUDITED_EVENT_TYPES) expect(auditEntryOf(source(type, {}))?.action).toEqual(expect.any(String));
    expect(auditEntryOf(source('deployment.created', {}))).toBeNull();
    expect(auditEntryOf(source('webhook_signing_secret.created', {}))).toBeNull();
  });
});
