import type { DeploymentStatus } from '../../api/dashboard-types';
import { ShapedStatusBadge, shapedStatuses } from '../StatusBadge/StatusBadge';

/** A deployment's status as the partner reads it (the expert's words differ: "Offered"…), with a shape. */
export const DEPLOYMENT_STATUS = shapedStatuses({
  pending: 'Pending',
  accepted: 'Accepted',
  in_progress: 'In progress',
  needs_input: 'Needs your reply',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
});

export function DeploymentStatusBadge({ status }: { status: DeploymentStatus }) {
  return <ShapedStatusBadge status={status} labels={DEPLOYMENT_STATUS} tagged />;
}
