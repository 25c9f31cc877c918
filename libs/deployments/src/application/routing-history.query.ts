import { deploymentStreamName, DomainError, isId, type KeyMode } from '@eh/contracts';
import { loadAggregate, type EventStore } from '@eh/event-store';
import { routingHistoryOf, type RoutingStep } from '../domain/routing-history';
import { deploymentDecider } from '../domain/deployment.decider';
import { assertInScope } from './deployment-scope';

export interface RoutingHistory {
  object: 'routing_history';
  deployment_id: string;
  steps: RoutingStep[];
}

/** A deployment's routing steps, read from its stream; another workspace's or mode's is a 404. */
export async function routingHistory(store: EventStore, scope: { workspaceId: string; mode: KeyMode }, deploymentId: string): Promise<RoutingHistory> {
  if (!isId('deployment', deploymentId)) throw new DomainError('not_found', `no deployment ${deploymentId}; deployment ids look like dep_01J…`, 'id');
  const { state, events } = await loadAggregate(store, deploymentStreamName(deploymentId), deploymentDecider);
  assertInScope(state, scope, deploymentId);
  const steps = routingHistoryOf(events.map((event) => ({ type: event.type, data: event.data, occurred_at: event.metadata.occurred_at })));
  return { object: 'routing_history', deployment_id: deploymentId, steps };
}
