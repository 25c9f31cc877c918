import type { CancelledBy, DeploymentEvent } from '@eh/contracts';
import { evolve, initialDeploymentState, toDeploymentResource, type DeploymentState } from '@eh/deployments';
import type { CreateRecord } from '../load/soak-load';
import type { StoredEvent, ViewRow } from './soak-evidence';
import { groupBy, type CheckResult, type Violation } from './soak-violation';

const CHECK = 'deployments';

/** Who may cancel from where, as deployment.decider.ts decides. */
const CANCELLABLE_FROM: Record<CancelledBy, readonly string[]> = {
  agent: ['pending', 'accepted'],
  expert: ['accepted', 'in_progress', 'needs_input'],
  operations: ['pending', 'accepted', 'in_progress', 'needs_input'],
};

export interface FoldedDeployment {
  id: string;
  state: DeploymentState;
  mode: string;
  workspaceId: string;
  events: StoredEvent[];
}

const at = (value: unknown): number => Date.parse(String(value));

/**
 * Rules the fold alone cannot see, because evolve trusts the decider: who cancelled from where,
 * expiries not before their deadline, acceptance only of one's own open offer in time.
 */
function ruleBroken(state: DeploymentState, event: DeploymentEvent): string | null {
  if (state.status === 'initial') return null;
  switch (event.type) {
    case 'deployment.cancelled':
      return CANCELLABLE_FROM[event.data.cancelled_by].includes(state.status) ? null : `cancelled by the ${event.data.cancelled_by} from ${state.status}`;
    case 'deployment.expired':
      if (event.data.reason === 'not_accepted') {
        return at(event.data.expired_at) >= at(state.details.sla_deadline)
          ? null
          : `expired (not accepted) at ${event.data.expired_at}, before its SLA ${state.details.sla_deadline}`;
      }
      if (state.status !== 'needs_input') return `expired (question unanswered) from ${state.status}`;
      return at(event.data.expired_at) >= at(state.clarification.question.reply_deadline)
        ? null
        : `expired (unanswered) at ${event.data.expired_at}, before the reply deadline ${state.clarification.question.reply_deadline}`;
    case 'deployment.accepted':
      // Live work is accepted only by the expert it is offered to, before the offer ends; test mode by the synthetic expert.
      if (state.status !== 'pending' || state.details.mode !== 'live') return null;
      if (state.offer === null) return 'accepted with no open offer';
      if (state.offer.expert.id !== event.data.expert.id) return `accepted by ${event.data.expert.id}, offered to ${state.offer.expert.id}`;
      return at(event.data.accepted_at) <= at(state.offer.expires_at)
        ? null
        : `accepted at ${event.data.accepted_at}, after the offer ended at ${state.offer.expires_at}`;
    default:
      return null;
  }
}

/** Folds every deployment stream with the decider's evolve, event by event. */
export function foldDeployments(events: readonly StoredEvent[]): { deployments: FoldedDeployment[]; violations: Violation[] } {
  const violations: Violation[] = [];
  const deployments: FoldedDeployment[] = [];
  const streams = groupBy(
    events.filter((event) => event.streamName.startsWith('deployment-')),
    (event) => event.streamName,
  );
  for (const [stream, recorded] of streams) {
    const id = stream.slice('deployment-'.length);
    const ordered = [...recorded].sort((a, b) => a.revision - b.revision);
    let state: DeploymentState = initialDeploymentState;
    ordered.forEach((event, index) => {
      if (event.revision !== index)
        violations.push({ check: CHECK, subject: id, detail: `revision ${event.revision} at index ${index}: the stream has a gap` });
      const domainEvent = { type: event.type, data: event.data } as unknown as DeploymentEvent;
      const broken = ruleBroken(state, domainEvent);
      if (broken) violations.push({ check: CHECK, subject: id, detail: `${event.type}: ${broken}` });
      const next = evolve(state, domainEvent);
      // evolve leaves the state as it is for an event that does not fit it: an illegal transition.
      if (next === state)
        violations.push({ check: CHECK, subject: id, detail: `${event.type} (revision ${event.revision}) does not fit state ${state.status}` });
      state = next;
    });
    if (state.status === 'initial') {
      violations.push({ check: CHECK, subject: id, detail: 'the stream does not begin with deployment.created' });
      continue;
    }
    if (state.details.deployment_id !== id) violations.push({ check: CHECK, subject: id, detail: `created as ${state.details.deployment_id}` });
    deployments.push({ id, state, mode: state.details.mode, workspaceId: state.details.workspace_id, events: ordered });
  }
  return { deployments, violations };
}

/**
 * Every deployment is in a legal state reached by legal transitions, the read model says the
 * same, every create answered 201 exists (as created), no refused create left a deployment, and
 * no Idempotency-Key made two.
 */
export function checkDeploymentHistories(
  folded: { deployments: FoldedDeployment[]; violations: Violation[] },
  views: Map<string, ViewRow>,
  creates: readonly CreateRecord[],
): CheckResult {
  const violations = [...folded.violations];
  const byId = new Map(folded.deployments.map((deployment) => [deployment.id, deployment]));
  for (const deployment of folded.deployments) {
    const shown = views.get(deployment.id);
    if (shown?.status !== deployment.state.status)
      violations.push({
        check: CHECK,
        subject: deployment.id,
        detail: `the read model shows ${shown?.status ?? 'nothing'}, the events say ${deployment.state.status}`,
      });
    // The whole resource the API serves, not only its status: the projection refolds the stream in each append.
    else if (JSON.stringify(shown.resource) !== JSON.stringify(toDeploymentResource(deployment.state)))
      violations.push({ check: CHECK, subject: deployment.id, detail: 'the read model serves another resource than the fold of its events' });
  }
  const byOp = groupBy(
    folded.deployments.filter((deployment) => deployment.state.status !== 'initial' && typeof deployment.state.details.metadata.soak_op === 'string'),
    (deployment) => String(deployment.state.status !== 'initial' ? deployment.state.details.metadata.soak_op : ''),
  );
  for (const [op, made] of byOp) {
    if (made.length > 1)
      violations.push({ check: CHECK, subject: op, detail: `one Idempotency-Key created ${made.length} deployments: ${made.map((d) => d.id).join(', ')}` });
  }
  for (const create of creates) {
    if (create.deploymentId !== null) {
      const deployment = byId.get(create.deploymentId);
      if (!deployment) violations.push({ check: CHECK, subject: create.deploymentId, detail: `answered 201 to ${create.op} but has no events` });
      else if (deployment.workspaceId !== create.workspaceId || deployment.mode !== create.mode)
        violations.push({
          check: CHECK,
          subject: create.deploymentId,
          detail: `answered 201 for ${create.workspaceId}/${create.mode}, stored for ${deployment.workspaceId}/${deployment.mode}`,
        });
    } else if (create.status >= 400 && create.status < 500 && create.status !== 409 && create.status !== 429 && byOp.has(create.op)) {
      violations.push({
        check: CHECK,
        subject: create.op,
        detail: `refused with ${create.status} ${create.code ?? ''} yet created ${byOp
          .get(create.op)
          ?.map((d) => d.id)
          .join(', ')}`,
      });
    }
  }
  const statuses: Record<string, number> = {};
  for (const deployment of folded.deployments)
    statuses[`${deployment.mode} ${deployment.state.status}`] = (statuses[`${deployment.mode} ${deployment.state.status}`] ?? 0) + 1;
  return { violations, figures: { deployments: folded.deployments.length, ...statuses } };
}
