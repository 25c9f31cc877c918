import { DomainError, deploymentStreamName, deriveEventId } from '@eh/contracts';
import { deploymentDecider, type DeploymentState, type OfferDeployment, type PendingDeployment } from '@eh/deployments';
import { handleCommand, loadAggregate, type EventStore, type SnapshotCache } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { completionEvidence } from '../adapters/completion-evidence.query';
import { rosterCandidates } from '../adapters/roster-view.query';
import { EVIDENCE_HALF_LIVES } from '../domain/brief-fit';
import { rankCandidates, type RankedCandidate } from '../domain/matching';
import { EVERYONE_REACHABLE, type ExpertReachability } from './expert-reachability';

export interface OfferDeps {
  store: EventStore;
  sql: SqlClient;
  offerTimeoutSeconds: number;
  briefFitHalfLifeSeconds: number;
  /** Who can be told of an offer now; absent: everyone (EXPERT_REACHABILITY=off). */
  reachability?: ExpertReachability;
}

export interface OfferCause {
  /** The event (deployment or roster) that made the router look; ids derive from it. */
  eventId: string;
  correlationId: string;
  /**
   * Act only if the stream is still at this revision (the reactor's "only the latest event"
   * rule); undefined: whatever the stream's revision is when read.
   */
  revision?: number;
}

export type OfferOutcome =
  | { kind: 'offered'; ranked: RankedCandidate }
  | { kind: 'waiting'; reason: string; unreachable: string[] }
  | { kind: 'nothing_to_do' };

/** The best candidate, or why there is none: the online experts covering the skills were all unreachable (or there were none). */
export type BestCandidate = { best: RankedCandidate } | { best: null; unreachable: string[] };

/** A deployment the router may offer now: live, pending, routing, no open offer. */
export function isOfferable(state: { status: string }): state is PendingDeployment {
  const pending = state as PendingDeployment;
  return pending.status === 'pending' && pending.details.mode === 'live' && pending.routing_started_at !== null && pending.offer === null;
}

/**
 * The best candidate for a pending deployment, with the ranking's explanation. Reachability is
 * asked once for the whole roster (one Redis round trip), before the ranking.
 */
export async function bestCandidate(
  sql: SqlClient,
  state: PendingDeployment,
  now: Date,
  halfLifeSeconds: number,
  reachability: ExpertReachability = EVERYONE_REACHABLE,
): Promise<BestCandidate> {
  const { skills, workspace_id, follow_up_to } = state.details;
  const followUp = follow_up_to ? { deploymentId: follow_up_to.deployment_id, expertId: follow_up_to.expert_id } : undefined;
  const online = await rosterCandidates(sql, skills, state.passed_over, followUp?.expertId, now);
  if (online.length === 0) return { best: null, unreachable: [] };
  const reachable = await reachability.reachable(online.map((expert) => expert.id));
  const roster = online.filter((expert) => reachable.has(expert.id));
  const unreachable = online.filter((expert) => !reachable.has(expert.id)).map((expert) => expert.id);
  if (roster.length === 0) return { best: null, unreachable };
  const since = new Date(now.getTime() - EVIDENCE_HALF_LIVES * halfLifeSeconds * 1000);
  const evidence = await completionEvidence(sql, {
    workspaceId: workspace_id,
    expertIds: roster.map((expert) => expert.id),
    skills,
    since,
    now,
    halfLifeSeconds,
  });
  const ranked = rankCandidates({ skills, passedOver: state.passed_over, followUp, unreachable }, roster, evidence);
  return ranked[0] ? { best: ranked[0] } : { best: null, unreachable };
}

/**
 * Match and offer to one expert. The append expects the
 * revision the match was made on, so of two router replicas racing on one deployment only one
 * offers; the other finds the stream moved and does nothing. No candidate: the deployment waits
 * (a roster change or an expiring offer looks again) until its SLA expires it.
 */
export async function offerDeployment(
  deps: OfferDeps,
  deploymentId: string,
  cause: OfferCause,
  now: Date,
  followed?: SnapshotCache<DeploymentState>,
): Promise<OfferOutcome> {
  const stream = deploymentStreamName(deploymentId);
  // A followed fold already past the cause says the stream moved on without a read; one at the
  // cause is assumed current, and the append's expected revision checks it.
  const known = cause.revision === undefined ? undefined : followed?.get(stream);
  const { state, revision } = known && known.revision >= (cause.revision as number) ? known : await loadAggregate(deps.store, stream, deploymentDecider);
  if (cause.revision !== undefined && cause.revision !== revision) return { kind: 'nothing_to_do' };
  if (!isOfferable(state)) return { kind: 'nothing_to_do' };
  const candidate = await bestCandidate(deps.sql, state, now, deps.briefFitHalfLifeSeconds, deps.reachability);
  if (!candidate.best) {
    const skills = state.details.skills.join(', ');
    const reason =
      candidate.unreachable.length > 0
        ? `no reachable online expert covers ${skills}: ${candidate.unreachable.join(', ')} unreachable (no console open, no notification channel)`
        : `no online expert covers ${skills}`;
    return { kind: 'waiting', reason, unreachable: candidate.unreachable };
  }
  const best = candidate.best;
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + deps.offerTimeoutSeconds * 1000).toISOString();
  const { id, name, role } = best.expert;
  const offer: OfferDeployment = { type: 'offer', expert: { id, name, role }, match: best.match, expiresAt, now: at };
  try {
    const result = await handleCommand(
      deps.store,
      deploymentDecider,
      stream,
      (_current, current) => (current === revision ? offer : null),
      {
        workspaceId: state.details.workspace_id,
        correlationId: cause.correlationId,
        causationId: cause.eventId,
        now: at,
        eventId: (index) => deriveEventId(cause.eventId, `router-offer-${deploymentId}-${revision}`, index),
      },
      { assumed: { state, revision }, snapshots: followed },
    );
    return result.events.length > 0 ? { kind: 'offered', ranked: best } : { kind: 'nothing_to_do' };
  } catch (error) {
    // Refused by the decider: the deployment changed in a way the revision check cannot see.
    if (error instanceof DomainError) return { kind: 'nothing_to_do' };
    throw error;
  }
}
