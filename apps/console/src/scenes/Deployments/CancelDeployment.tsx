import { useState } from 'react';
import { describeError } from '../../api/api-error';
import { useCancelDeployment } from '../../api/deployment-queries';
import type { Deployment, Mode } from '../../api/dashboard-types';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { ConfirmButton } from '../../common/ConfirmButton/ConfirmButton';
import { Field } from '../../common/Field/Field';

/**
 * The agent's cancel, from the dashboard: a pending or accepted deployment (the API refuses later
 * ones), asked first, with an optional reason kept on the deployment. Held credits go back.
 */
export function CancelDeployment({ mode, deployment: d }: { mode: Mode; deployment: Deployment }) {
  const cancel = useCancelDeployment(mode, d.id);
  const announce = useAnnounce();
  const [reason, setReason] = useState('');
  return (
    <section className="card" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading">Cancel</h2>
      <p className="muted small">
        {d.status === 'pending' ? 'No expert has taken it yet.' : 'An expert accepted it and has not started.'} Cancelling gives the held credits back.
      </p>
      <ConfirmButton
        label={cancel.isPending ? 'Cancelling…' : 'Cancel the deployment'}
        title="Cancel this deployment?"
        confirmLabel="Cancel the deployment"
        disabled={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(reason.trim(), {
            onSuccess: () => announce(`Deployment cancelled. ${d.credits_reserved > 0 ? 'The held credits went back to the workspace.' : ''}`.trim()),
            onError: (failure) => announce(`Not cancelled: ${describeError(failure, { reason: 'Reason' })}`, 'error'),
          })
        }
      >
        <p>{d.expert ? `${d.expert.name} is told it is off.` : 'It is withdrawn from the expert it is offered to.'} This cannot be undone.</p>
        <Field label="Reason (optional)" id="cancel-reason">
          <input type="text" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
        </Field>
      </ConfirmButton>
    </section>
  );
}
