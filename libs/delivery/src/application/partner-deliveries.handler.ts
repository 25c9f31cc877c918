import { DomainError, deploymentStreamName, isId, type Actor } from '@eh/contracts';
import { deploymentDecider } from '@eh/deployments';
import { loadAggregate, type EventStore, type RecordedEvent } from '@eh/event-store';
import type { DeliveryResource } from '../domain/delivery.resource';
import type { PartnerScope } from './partner-endpoints.handler';
import { deploymentSubjectAt, publicEventBody, type PublicEventBody } from './public-event';
import { replayDelivery, retryDeliveryNow, type ReplayContext } from './replay-deliveries.handler';
import { showDelivery, type DeliveryDetail } from './show-delivery';
import { isPublicEventType } from '@eh/contracts';

const noDelivery = (id: string): DomainError => new DomainError('not_found', `no webhook delivery ${id}`, 'id');

/** Who asks for a resend or a retry on the partner API, and when. */
interface PartnerRequest {
  actor: Actor;
  correlationId: string;
  now: Date;
}

/** A partner's request as a resend or a retry takes it: who asked is recorded as `kind:id` (the label when there is no id). */
const replayContext = (context: PartnerRequest): ReplayContext => ({
  requestedBy: `${context.actor.kind}:${context.actor.id ?? context.actor.label}`,
  correlationId: context.correlationId,
  now: context.now,
  actor: context.actor,
});

/** A delivery of the scope's workspace and mode with its history; another's, or one of unknown mode, is 404. */
export async function showPartnerDelivery(store: EventStore, scope: PartnerScope, id: string): Promise<DeliveryDetail> {
  if (!isId('delivery', id)) throw noDelivery(id);
  let detail: DeliveryDetail;
  try {
    detail = await showDelivery(store, id);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') throw noDelivery(id);
    throw error;
  }
  if (detail.workspace_id !== scope.workspaceId || detail.mode !== scope.mode) throw noDelivery(id);
  return detail;
}

/** Resends one finished delivery of the scope (a dead letter, a success, a 4xx): same id, so the same `Service-Delivery`. */
export async function replayPartnerDelivery(store: EventStore, scope: PartnerScope, id: string, context: PartnerRequest): Promise<DeliveryResource> {
  await showPartnerDelivery(store, scope, id);
  return replayDelivery(store, id, replayContext(context));
}

/** Retry now for a delivery of the scope: its scheduled retry made due at once, same id and attempt. */
export async function retryPartnerDeliveryNow(store: EventStore, scope: PartnerScope, id: string, context: PartnerRequest): Promise<DeliveryResource> {
  await showPartnerDelivery(store, scope, id);
  return retryDeliveryNow(store, id, replayContext(context));
}

const noDeployment = (id: string): DomainError => new DomainError('not_found', `no deployment ${id}`, 'id');

/**
 * The public events of a deployment's stream, in order, each in the webhook body's shape:
 * `data.object` is the deployment as it was right after that event. Another workspace's or mode's
 * deployment is 404, as on `GET /v1/deployments/:id`.
 */
export async function deploymentPublicEvents(store: EventStore, scope: PartnerScope, deploymentId: string): Promise<PublicEventBody[]> {
  if (!isId('deployment', deploymentId)) throw noDeployment(deploymentId);
  const { state, events: recorded } = await loadAggregate(store, deploymentStreamName(deploymentId), deploymentDecider);
  if (state.status === 'initial' || state.details.workspace_id !== scope.workspaceId || state.details.mode !== scope.mode) throw noDeployment(deploymentId);
  return publicBodiesOf(recorded);
}

/** Every public event of a deployment stream as a body, folding once along the way. */
export function publicBodiesOf(recorded: readonly RecordedEvent[]): PublicEventBody[] {
  const bodies: PublicEventBody[] = [];
  recorded.forEach((event, index) => {
    if (!isPublicEventType(event.type)) return;
    const subject = deploymentSubjectAt(recorded.slice(0, index + 1));
    if (subject) bodies.push(publicEventBody(event, subject));
  });
  return bodies;
}
