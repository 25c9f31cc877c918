import type { DeploymentCreated } from '../deployment-events';

type CreatedData = DeploymentCreated['data'];

/** What a test says about its deployment; anything else of the request it may set too. */
type Given = Pick<CreatedData, 'deployment_id' | 'workspace_id' | 'mode' | 'brief' | 'skills' | 'sla_deadline' | 'credits_reserved' | 'created_at'> &
  Partial<CreatedData>;

/**
 * A `deployment.created` payload (or a `create` command's data) for a request that gave only a
 * brief and skills: standard urgency, no schedule, context, metadata or webhook. The keys keep the
 * event's own order, so a stored event reads as one the service created.
 */
export function plainDeploymentData(given: Given): CreatedData {
  const { deployment_id, workspace_id, mode, brief, skills, ...rest } = given;
  const unset = { scheduled_for: null, context_url: null, context_files: [], metadata: {}, webhook_url: null };
  return { deployment_id, workspace_id, mode, brief, skills, urgency: 'standard', ...unset, ...rest };
}
