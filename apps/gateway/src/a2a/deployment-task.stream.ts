import type { DeploymentResource } from '@eh/deployments';
import type { StreamResponse } from '@a2a-js/sdk';
import type { WorkspaceEventHub } from '../events/workspace-event.hub';
import type { A2aCall } from './a2a-call';
import { DeploymentUpdates } from './deployment-updates.queue';
import { artifactUpdateOf, statusUpdateOf, taskOf } from './deployment-task.projection';
import { endsStream } from './task-state.mapping';

export interface TaskStreamDeps {
  hub: WorkspaceEventHub;
  /** The deployment as its read model holds it now (attachments signed for this reading); not found throws. */
  read(call: A2aCall, deploymentId: string): Promise<DeploymentResource>;
}

/**
 * A deployment followed as A2A stream events (`message/stream`, `tasks/resubscribe`): the task
 * first, then a status update for each change its public events bring (an artifact update just
 * before the status that carries an output), until a final state, or for `final_or_input` until
 * the expert's question too. Works on any replica, after any restart: it listens to the events
 * the relay publishes, then reads the read model, so nothing appended in between is missed;
 * states older than the one already sent are dropped.
 */
export async function* followDeployment(
  deps: TaskStreamDeps,
  call: A2aCall,
  deploymentId: string,
  until: 'final' | 'final_or_input',
): AsyncGenerator<StreamResponse, void, undefined> {
  const updates = new DeploymentUpdates(call.closed);
  const disconnect = await deps.hub.connect({
    workspaceId: call.auth.workspaceId,
    mode: call.auth.mode,
    deploymentId,
    sessionTokenSha256: null,
    send: (event) => updates.push(event.data.object as DeploymentResource),
    close: () => updates.end(),
  });
  try {
    let sent = await deps.read(call, deploymentId);
    yield { payload: { $case: 'task', value: taskOf(sent) } };
    while (!endsStream(sent.status, until)) {
      const next = await updates.next();
      if (next === null) return;
      if (!isNewer(next, sent)) continue;
      const artifact = artifactUpdateOf(next);
      if (artifact && !sent.output) yield { payload: { $case: 'artifactUpdate', value: artifact } };
      yield { payload: { $case: 'statusUpdate', value: statusUpdateOf(next) } };
      sent = next;
    }
  } finally {
    disconnect();
  }
}

/** A later state than the one sent: events older than the read model's reading are skipped. */
function isNewer(next: DeploymentResource, sent: DeploymentResource): boolean {
  if (next.updated_at !== sent.updated_at) return next.updated_at > sent.updated_at;
  return next.status !== sent.status || (next.reply === null) !== (sent.reply === null) || (next.output === null) !== (sent.output === null);
}
