import { DomainError, type ReleaseReservationReply, type ReleaseReservationRequest } from '@eh/contracts';
import type { AccountRunner } from './account-runner';

/**
 * The gateway's report that a create failed after its reserve (the append was refused, or the
 * reserve's answer never came): the credits go back now instead of at the orphan deadline, so a
 * burst of failing creates cannot lock a workspace out.
 *
 * It is the orphan release without the wait, so the same fence holds: the reservations view
 * refuses it inside its append if `deployment.created` was appended after all (an append that
 * committed but whose answer was lost), and a deployment appended after it fails with 503.
 * Idempotent: nothing held, already released or confirmed, it releases nothing.
 */
export async function releaseAbandoned(run: AccountRunner, request: ReleaseReservationRequest, now: Date): Promise<ReleaseReservationReply> {
  try {
    const { events } = await run(
      { type: 'release_orphan', abandoned: true, workspaceId: request.workspace_id, deploymentId: request.deployment_id, now: now.toISOString() },
      { correlationId: request.request_id, causationId: null },
    );
    return { deployment_id: request.deployment_id, released: events.length > 0 };
  } catch (error) {
    // The fence: the deployment exists, so its credits stay held.
    if (error instanceof DomainError && error.code === 'concurrent_modification') return { deployment_id: request.deployment_id, released: false };
    throw error;
  }
}
