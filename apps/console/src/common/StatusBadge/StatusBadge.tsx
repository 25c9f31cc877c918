import type { DeploymentStatus } from '../../api/types';

/** The shape beside each deployment status, the same for experts and partners, so a status never relies on colour. */
const SHAPES: Record<DeploymentStatus, string> = {
  pending: '○',
  accepted: '◔',
  in_progress: '◑',
  needs_input: '?',
  completed: '✓',
  cancelled: '✕',
  expired: '⊘',
};

/** Each deployment status in one reader's words, with its shape. */
export const shapedStatuses = (texts: Record<DeploymentStatus, string>): Record<DeploymentStatus, StatusLabel> =>
  Object.fromEntries(Object.entries(texts).map(([status, text]) => [status, { text, icon: SHAPES[status as DeploymentStatus] }])) as Record<
    DeploymentStatus,
    StatusLabel
  >;

/** The expert's words for a status. */
const LABELS = shapedStatuses({
  pending: 'Offered',
  accepted: 'Accepted, not started',
  in_progress: 'In progress',
  needs_input: 'Waiting for the agent',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
});

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
