import {
  DomainError,
  deploymentStreamName,
  isId,
  newId,
  type DeploymentHandoffRef,
  type KeyMode,
  type Metadata,
  type QuoteReply,
  type QuoteRequest,
  type Urgency,
} from '@eh/contracts';
import { handleCommand, loadAggregate, type EventStore } from '@eh/event-store';
import type { CreateDeployment } from '../domain/deployment.commands';
import { toDeploymentResource, type DeploymentResource } from '../domain/deployment.resource';
import { checkOutputSchema, checkSchedule } from './create-deployment.rules';
import { deploymentDecider } from '../domain/deployment.decider';
import { slaDeadline, type SlaWindows } from './sla';

/** The validated body of POST /v1/deployments; optional fields absent are null. */
export interface CreateDeploymentInput {
  brief: string;
  skills: string[];
  urgency: Urgency | null;
  scheduled_for: string | null;
  context_url: string | null;
  context_files: string[];
  metadata: Metadata;
  webhook_url: string | null;
  /** Set by POST /v1/handoffs for the deployment a handoff opens. */
  handoff?: DeploymentHandoffRef;
  /** Checked by the caller against the output schema rules. */
  output_schema?: Record<string, unknown>;
  /** A completed deployment of the same workspace and mode this one continues. */
  follow_up_to?: string;
}

/** What the ledger is asked to hold for a live deployment; the amount follows from the quote. */
export interface ReserveForDeployment {
  workspace_id: string;
  deployment_id: string;
  quote: QuoteReply;
  request_id: string;
}

/** The reservation of a create that failed after its reserve. */
export type ReleaseForDeployment = Pick<ReserveForDeployment, 'workspace_id' | 'deployment_id' | 'request_id'>;

export interface CreateDeploymentDeps {
  store: EventStore;
  quote(request: QuoteRequest): Promise<QuoteReply>;
  /** Holds credits for a live deployment (the ledger); resolves to the credits held. */
  reserve(request: ReserveForDeployment): Promise<number>;
  /**
   * Gives those credits back when the create fails after the reserve. Must never
   * release a deployment that was appended after all (the ledger's fence sees to it), and must
   * not throw: the orphan sweep is the backstop.
   */
  release(request: ReleaseForDeployment): Promise<unknown>;
  windows: SlaWindows & { scheduledLeadSeconds: number };
}

export interface RequestScope {
  workspaceId: string;
  mode: KeyMode;
  requestId: string;
  now: Date;
  /**
   * Derived from the request's Idempotency-Key (docs/decisions.md "REST conventions"):
   * a retry that takes over after a crashed first attempt finds the deployment that attempt
   * created instead of creating a second one. Absent: a fresh id.
   */
  deploymentId?: string;
}

/** validate → quote (422) → reserve (402, 429) → append `deployment.created`. */
export async function createDeployment(deps: CreateDeploymentDeps, scope: RequestScope, input: CreateDeploymentInput): Promise<DeploymentResource> {
  if (scope.deploymentId) {
    const existing = await readDeployment(deps.store, scope.deploymentId);
    if (existing) return existing;
  }
  if (input.output_schema !== undefined) checkOutputSchema(input.output_schema, scope.mode);
  const followUpTo = input.follow_up_to === undefined ? undefined : await followedUpDeployment(deps.store, scope, input.follow_up_to);
  const urgency = input.urgency ?? 'standard';
  const scheduledFor = checkSchedule({ urgency, scheduled_for: input.scheduled_for }, scope.now, deps.windows.scheduledLeadSeconds);
  const quote = await deps.quote({ workspace_id: scope.workspaceId, mode: scope.mode, skills: input.skills, urgency });
  if (!quote.available) {
    throw new DomainError('expert_unavailable', quote.reason ?? `no expert with skills ${input.skills.join(', ')} is available`, 'skills');
  }
  const deploymentId = scope.deploymentId ?? newId('deployment');
  // Credits are held before the deployment exists; if this process dies before the append, the
  // ledger releases the orphan after its deadline. Test mode draws none: it bills nothing.
  const creditsReserved =
    scope.mode === 'live' ? await deps.reserve({ workspace_id: scope.workspaceId, deployment_id: deploymentId, quote, request_id: scope.requestId }) : 0;
  const createdAt = scope.now.toISOString();
  const create: CreateDeployment = {
    type: 'create',
    data: {
      deployment_id: deploymentId,
      workspace_id: scope.workspaceId,
      mode: scope.mode,
      brief: input.brief,
      skills: input.skills,
      urgency,
      scheduled_for: scheduledFor?.toISOString() ?? null,
      context_url: input.context_url,
      context_files: input.context_files,
      metadata: input.metadata,
      webhook_url: input.webhook_url,
      sla_deadline: slaDeadline(urgency, scope.now, scheduledFor, deps.windows).toISOString(),
      credits_reserved: creditsReserved,
      created_at: createdAt,
      ...(input.handoff ? { handoff: input.handoff } : {}),
      ...(input.output_schema ? { output_schema: input.output_schema } : {}),
      ...(followUpTo ? { follow_up_to: followUpTo } : {}),
    },
  };
  const result = await handleCommand(
    deps.store,
    deploymentDecider,
    deploymentStreamName(deploymentId),
    // Appended with expected `no_stream`; an attempt racing on the same derived id finds the
    // stream and gets it back (null command) instead of creating the deployment twice.
    (state) => (state.status === 'initial' ? create : null),
    { workspaceId: scope.workspaceId, correlationId: scope.requestId, causationId: null, now: createdAt },
    // A fresh id has no stream to read; an existing one makes the append conflict, and the retry reads it.
    { assumed: { state: deploymentDecider.initialState, revision: -1 } },
  ).catch(async (error: unknown) => {
    // Whatever failed (PostgreSQL refused the append, a timeout, the fence), the credits and the
    // in-flight slot go back now, not at the orphan deadline. If the append did commit
    // and only its answer was lost, the ledger's fence keeps the credits with the deployment.
    if (scope.mode === 'live')
      await deps.release({ workspace_id: scope.workspaceId, deployment_id: deploymentId, request_id: scope.requestId }).catch(() => undefined);
    throw error;
  });
  return toDeploymentResource(result.state);
}

async function readDeployment(store: EventStore, deploymentId: string): Promise<DeploymentResource | null> {
  const { state, revision } = await loadAggregate(store, deploymentStreamName(deploymentId), deploymentDecider);
  return revision < 0 ? null : toDeploymentResource(state);
}

/**
 * The deployment a follow-up continues: one of this workspace and mode (else 404, as for any
 * other's id), completed (else 400: only finished work has an expert and an answer to continue).
 */
export async function followedUpDeployment(
  store: EventStore,
  scope: Pick<RequestScope, 'workspaceId' | 'mode'>,
  deploymentId: string,
): Promise<{ deployment_id: string; expert_id: string }> {
  const notFound = new DomainError('not_found', `follow_up_to: no deployment ${deploymentId} in this workspace and mode`, 'follow_up_to');
  if (!isId('deployment', deploymentId)) throw notFound;
  const { state } = await loadAggregate(store, deploymentStreamName(deploymentId), deploymentDecider);
  if (state.status === 'initial' || state.details.workspace_id !== scope.workspaceId || state.details.mode !== scope.mode) throw notFound;
  if (state.status !== 'completed')
    throw new DomainError(
      'invalid_request',
      `follow_up_to: ${deploymentId} is ${state.status}; only a completed deployment can be followed up`,
      'follow_up_to',
    );
  return { deployment_id: deploymentId, expert_id: state.expert.id };
}
