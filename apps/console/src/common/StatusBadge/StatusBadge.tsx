import type { DeploymentStatus } from '../../api/types';

/** A status in words, with a shape beside it, so it never relies on colour. */
const LABELS: Record<DeploymentStatus, StatusLabel> = {
  pending: { text: 'Offered', icon: '○' },
  accepted: { text: 'Accepted, not started', icon: '◔' },
  in_progress: { text: 'In progress', icon: '◑' },
  needs_input: { text: 'Waiting for the agent', icon: '?' },
  completed: { text: 'Completed', icon: '✓' },
  cancelled: { text: 'Cancelled', icon: '✕' },
  expired: { text: 'Expired', icon: '⊘' },
};

/** A status's words and the shape shown beside them. */
export interface StatusLabel {
  text: string;
  icon: string;
}

/** A status badge from the words its reader uses (`labels`); `tagged` names the status in `data-status` for tests and styles. */
export function ShapedStatusBadge<S extends string>({ status, labels, tagged = false }: { status: S; labels: Record<S, StatusLabel>; tagged?: boolean }) {
  const label = labels[status] ?? { text: status, icon: '•' };
  return (
    <span className={`badge badge--${status}`} data-status={tagged ? status : undefined}>
      <span aria-hidden="true">{label.icon} </span>
      {label.text}
    </span>
  );
}

export function StatusBadge({ status }: { status: DeploymentStatus }) {
  return <ShapedStatusBadge status={status} labels={LABELS} />;
}

export const statusText = (status: DeploymentStatus): string => LABELS[status]?.text ?? status;
