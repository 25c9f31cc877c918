import type { DeploymentStatus } from '../../api/dashboard-types';

/** A deployment's status as the partner reads it (the expert's words differ: "Offered"…), with a shape. */
export const DEPLOYMENT_STATUS: Record<DeploymentStatus, { text: string; icon: string }> = {
  pending: { text: 'Pending', icon: '○' },
  accepted: { text: 'Accepted', icon: '◔' },
  in_progress: { text: 'In progress', icon: '◑' },
  needs_input: { text: 'Needs your reply', icon: '?' },
  completed: { text: 'Completed', icon: '✓' },
  cancelled: { text: 'Cancelled', icon: '✕' },
  expired: { text: 'Expired', icon: '⊘' },
};

export function DeploymentStatusBadge({ status }: { status: DeploymentStatus }) {
  const label = DEPLOYMENT_STATUS[status] ?? { text: status, icon: '•' };
  return (
    <span className={`badge badge--${status}`} data-status={status}>
      <span aria-hidden="true">{label.icon} </span>
      {label.text}
    </span>
  );
}
