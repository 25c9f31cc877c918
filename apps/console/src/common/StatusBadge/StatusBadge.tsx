import type { DeploymentStatus } from '../../api/types';

/** A status in words, with a shape beside it, so it never relies on colour. */
const LABELS: Record<DeploymentStatus, { text: string; icon: string }> = {
  pending: { text: 'Offered', icon: '○' },
  accepted: { text: 'Accepted, not started', icon: '◔' },
  in_progress: { text: 'In progress', icon: '◑' },
  needs_input: { text: 'Waiting for the agent', icon: '?' },
  completed: { text: 'Completed', icon: '✓' },
  cancelled: { text: 'Cancelled', icon: '✕' },
  expired: { text: 'Expired', icon: '⊘' },
};

export function StatusBadge({ status }: { status: DeploymentStatus }) {
  const label = LABELS[status] ?? { text: status, icon: '•' };
  return (
    <span className={`badge badge--${status}`}>
      <span aria-hidden="true">{label.icon} </span>
      {label.text}
    </span>
  );
}

export const statusText = (status: DeploymentStatus): string => LABELS[status]?.text ?? status;
