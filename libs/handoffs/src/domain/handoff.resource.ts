/**
 * The public handoff object: the published fields first (`id`,
 * `status`, `surface`, `artifact`, `expert`, `comments`, `memory_event`), then what we decided
 * to show: the echoed request, the deployment it opened, and the delivered output.
 */
import type { HandoffContext, HandoffPolicy, HandoffRoute, HandoffStatus, Metadata, Output, Urgency } from '@eh/contracts';
import type { HandoffState } from './handoff.state';

export interface HandoffResource {
  id: string;
  object: 'handoff';
  status: HandoffStatus;
  surface: string;
  /** The `return` name of the request. */
  artifact: string;
  /** The assigned expert's id; null until one accepts. */
  expert: string | null;
  /** The expert's question and the agent's reply on the work, one each. */
  comments: number;
  /** true when the policy saved the delivered artifact as a `prior_output` memory entry. */
  memory_event: boolean;
  outcome: string;
  route: HandoffRoute;
  trigger: string | null;
  policy: HandoffPolicy;
  context: HandoffContext;
  skills: string[];
  urgency: Urgency;
  /** The deployment this handoff opened: reply to its question at POST /v1/deployments/:id/reply. */
  deployment_id: string;
  /** The open question while `needs_input`; null otherwise. */
  question: string | null;
  /** The artifact's content once `ready`; null before. */
  output: Output | null;
  /** The memory entry the policy wrote (GET /v1/memory/:key); null when none. */
  memory_entry_key: string | null;
  metadata: Metadata;
  created_at: string;
  updated_at: string;
  /** Present once ready. */
  ready_at?: string;
}

export function toHandoffResource(state: HandoffState): HandoffResource {
  if (state.status === 'initial') throw new Error('toHandoffResource: the handoff has no events (initial state)');
  const d = state.details;
  const memoryEntryKey = state.status === 'ready' ? state.memory_entry_key : null;
  const resource: HandoffResource = {
    id: d.handoff_id,
    object: 'handoff',
    status: state.status,
    surface: d.surface,
    artifact: d.artifact,
    expert: state.expert_id,
    comments: state.comments,
    memory_event: memoryEntryKey !== null,
    outcome: d.outcome,
    route: d.route,
    trigger: d.trigger,
    policy: d.policy,
    context: d.context,
    skills: d.skills,
    urgency: d.urgency,
    deployment_id: d.deployment_id,
    question: state.status === 'needs_input' ? state.question : null,
    output: state.status === 'ready' ? state.output : null,
    memory_entry_key: memoryEntryKey,
    metadata: d.metadata,
    created_at: d.opened_at,
    updated_at: state.updated_at,
  };
  return state.status === 'ready' ? { ...resource, ready_at: state.ready_at } : resource;
}
