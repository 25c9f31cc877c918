/**
 * The audit log: every change to a workspace's keys, endpoints, signing secrets, members,
 * plan and credits, read from the events that made them. Pure: one event in, at most one entry out.
 * Events written earlier carry no actor; operations were their only writers.
 */
import { OPERATIONS_ACTOR, type Actor, type KeyMode } from '@eh/contracts';

export const AUDITED_EVENT_TYPES = [
  'workspace.created',
  'workspace.api_key_issued',
  'workspace.api_key_revoked',
  'webhook_endpoint.registered',
  'webhook_endpoint.url_changed',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.secret_rotated',
  'webhook_endpoint.removed',
  'webhook_signing_secret.revealed',
  'webhook_signing_secret.rotated',
  'webhook_replay.requested',
  'member.invited',
  'member.invitation_revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'account.plan_changed',
  'account.credits_granted',
  'limit_request.created',
  'limit_request.resolved',
] as const;

export type AuditedEventType = (typeof AUDITED_EVENT_TYPES)[number];

export interface AuditTarget {
  kind:
    | 'workspace'
    | 'api_key'
    | 'webhook_endpoint'
    | 'webhook_signing_secret'
    | 'webhook_replay'
    | 'member'
    | 'member_invitation'
    | 'plan'
    | 'credits'
    | 'limit_request';
  id: string | null;
  label: string | null;
}

export interface AuditEntry {
  object: 'audit_entry';
  /** The event's id. */
  id: string;
  workspace_id: string;
  action: string;
  actor: Actor;
  target: AuditTarget;
  /** null: a change to the whole workspace, or one whose mode is looked up by the projection. */
  mode: KeyMode | null;
  occurred_at: string;
}

/** What the projection passes: the event's id, type, data and time. */
export interface AuditSource {
  id: string;
  type: string;
  data: Record<string, unknown>;
  workspace_id: string;
  occurred_at: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const modeOf = (value: unknown): KeyMode | null => (value === 'test' || value === 'live' ? value : null);
/** Plans, grants and everything else without an actor were operations' (the admin API, the ops CLI). */
const actorOf = (data: Record<string, unknown>, fallback: Actor = OPERATIONS_ACTOR): Actor => {
  const actor = data.actor ?? data.requested_by ?? data.resolved_by;
  return typeof actor === 'object' && actor !== null && 'kind' in actor ? (actor as Actor) : fallback;
};

type Mapping = (data: Record<string, unknown>) => { action: string; target: AuditTarget; mode?: KeyMode | null; actor?: Actor };

const MAPPINGS: Record<AuditedEventType, Mapping> = {
  'workspace.created': (d) => ({ action: 'workspace.created', target: { kind: 'workspace', id: text(d.workspace_id), label: text(d.name) } }),
  'workspace.api_key_issued': (d) => ({
    action: 'api_key.created',
    target: { kind: 'api_key', id: text(d.key_id), label: `${text(d.name) ?? 'Default'} (…${text(d.last4) ?? ''})` },
    mode: modeOf(d.mode),
  }),
  'workspace.api_key_revoked': (d) => ({ action: 'api_key.revoked', target: { kind: 'api_key', id: text(d.key_id), label: null } }),
  'webhook_endpoint.registered': (d) => ({
    action: 'webhook_endpoint.created',
    target: { kind: 'webhook_endpoint', id: text(d.endpoint_id), label: text(d.url) },
  }),
  'webhook_endpoint.url_changed': (d) => ({
    action: 'webhook_endpoint.updated',
    target: { kind: 'webhook_endpoint', id: text(d.endpoint_id), label: text(d.url) },
  }),
  'webhook_endpoint.created': (d) => ({
    action: 'webhook_endpoint.created',
    target: { kind: 'webhook_endpoint', id: text(d.endpoint_id), label: text(d.url) },
    mode: modeOf(d.mode),
  }),
  'webhook_endpoint.updated': (d) => ({ action: 'webhook_endpoint.updated', target: { kind: 'webhook_endpoint', id: text(d.endpoint_id), label: null } }),
  'webhook_endpoint.secret_rotated': (d) => ({
    action: 'webhook_endpoint.secret_rotated',
    target: { kind: 'webhook_endpoint', id: text(d.endpoint_id), label: null },
  }),
  'webhook_endpoint.removed': (d) => ({ action: 'webhook_endpoint.deleted', target: { kind: 'webhook_endpoint', id: text(d.endpoint_id), label: null } }),
  'webhook_signing_secret.revealed': (d) => ({
    action: 'webhook_signing_secret.revealed',
    target: { kind: 'webhook_signing_secret', id: text(d.secret_id), label: null },
    mode: modeOf(d.mode),
  }),
  'webhook_signing_secret.rotated': (d) => ({
    action: 'webhook_signing_secret.rotated',
    target: { kind: 'webhook_signing_secret', id: text(d.secret_id), label: null },
    mode: modeOf(d.mode),
  }),
  'webhook_replay.requested': (d) => ({
    action: 'webhook_replay.requested',
    target: { kind: 'webhook_replay', id: text(d.replay_id), label: Array.isArray(d.delivery_ids) ? `${d.delivery_ids.length} dead letters` : null },
    mode: modeOf(d.mode),
  }),
  'member.invited': (d) => ({
    action: 'member.invited',
    target: { kind: 'member_invitation', id: text(d.invitation_id), label: `${text(d.email)} as ${text(d.role)}` },
  }),
  'member.invitation_revoked': (d) => ({ action: 'member.invitation_revoked', target: { kind: 'member_invitation', id: text(d.invitation_id), label: null } }),
  // The person joining is the actor: they used the link they were sent.
  'member.joined': (d) => ({
    action: 'member.joined',
    target: { kind: 'member', id: text(d.member_id), label: text(d.email) },
    actor: { kind: 'member', id: text(d.member_id), label: text(d.email) ?? '' },
  }),
  'member.role_changed': (d) => ({
    action: 'member.role_changed',
    target: { kind: 'member', id: text(d.member_id), label: `${text(d.previous_role)} → ${text(d.role)}` },
  }),
  'member.removed': (d) => ({ action: 'member.removed', target: { kind: 'member', id: text(d.member_id), label: null } }),
  'account.plan_changed': (d) => {
    const plan = d.plan as { name?: unknown; in_flight_limit?: unknown; cycle_cap_credits?: unknown } | undefined;
    // A cap of 0 includes no credits each cycle (the workspace spends what was granted): said so, not "cap 0".
    const cap = plan ? (plan.cycle_cap_credits === 0 ? 'no credits included each cycle' : `${String(plan.cycle_cap_credits)} credits each cycle`) : '';
    return {
      action: 'plan.changed',
      target: { kind: 'plan', id: null, label: plan ? `${String(plan.name)}: ${cap}, ${String(plan.in_flight_limit)} in flight` : null },
    };
  },
  'account.credits_granted': (d) => ({ action: 'credits.granted', target: { kind: 'credits', id: text(d.reference), label: `${String(d.credits)} credits` } }),
  'limit_request.created': (d) => ({
    action: 'limit_request.created',
    target: { kind: 'limit_request', id: text(d.request_id), label: `in flight ${String(d.current_in_flight_limit)} → ${String(d.requested_in_flight_limit)}` },
  }),
  'limit_request.resolved': (d) => ({ action: 'limit_request.resolved', target: { kind: 'limit_request', id: text(d.request_id), label: text(d.outcome) } }),
};

export const isAuditedEventType = (type: string): type is AuditedEventType => (AUDITED_EVENT_TYPES as readonly string[]).includes(type);

/** The entry an event makes, or null when the event is not one the audit log shows. */
export function auditEntryOf(source: AuditSource): AuditEntry | null {
  if (!isAuditedEventType(source.type)) return null;
  const mapped = MAPPINGS[source.type](source.data);
  return {
    object: 'audit_entry',
    id: source.id,
    workspace_id: source.workspace_id,
    action: mapped.action,
    actor: mapped.actor ?? actorOf(source.data),
    target: mapped.target,
    mode: mapped.mode ?? null,
    occurred_at: source.occurred_at,
  };
}

/** Every action the log names, derived from the mapping itself (a filter on `action` is checked against it). */
export const AUDIT_ACTIONS: ReadonlySet<string> = new Set(
  AUDITED_EVENT_TYPES.map((type) => auditEntryOf({ id: '', type, data: {}, workspace_id: '', occurred_at: '' })?.action ?? type),
);
