import type { DeploymentStatus } from '../../api/dashboard-types';
import { ShapedStatusBadge, type StatusLabel } from '../StatusBadge/StatusBadge';

/** A deployment's status as the partner reads it (the expert's words differ: "Offered"…), with a shape. */
export const DEPLOYMENT_STATUS: Record<DeploymentStatus, StatusLabel> = {
  pending: { text: 'Pending', icon: '○' },
  accepted: { text: 'Accepted', icon: '◔' },
  in_progress: { text: 'In progress', icon: '◑' },
  needs_input: { text: 'Needs your reply', icon: '?' },
  completed: { text: 'Completed', icon: '✓' },
  cancelled: { text: 'Cancelled', icon: '✕' },
  expired: { text: 'Expired', icon: '⊘' },
};

export function DeploymentStatusBadge({ status }: { status: DeploymentStatus }) {
  return <ShapedStatusBadge status={status} labels={DEPLOYMENT_STATUS} tagged />;
}
