import { useState } from 'react';
import { describeError } from '../../api/api-error';
import type { LimitRequest } from '../../api/dashboard-types';
import { useChangePlan, useResolveLimitRequest } from '../../api/ops-queries';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { When } from '../../common/When/When';
import { Field } from '../../common/Field/Field';

const STATUS: Record<LimitRequest['status'], string> = { open: 'Open', granted: 'Granted', declined: 'Declined' };

/** One request for a higher in-flight limit: grant (and raise the plan's limit) or decline, with a note. */
export function ResolveRequest({ request, workspaceLabel }: { request: LimitRequest; workspaceLabel?: string }) {
  const resolve = useResolveLimitRequest();
  const plan = useChangePlan(request.workspace_id);
  const announce = useAnnounce();
  const [note, setNote] = useState('');
  const [raise, setRaise] = useState(true);
  const busy = resolve.isPending || plan.isPending;
  const noteId = `note-${request.id}`;
  const raiseId = `raise-${request.id}`;

  const answer = async (outcome: 'granted' | 'declined') => {
    try {
      // Granting records the answer; the limit itself is the plan's (contract §8), so it is raised first.
      if (outcome === 'granted' && raise) await plan.mutateAsync({ in_flight_limit: request.requested_in_flight_limit });
      await resolve.mutateAsync({ requestId: request.id, outcome, note: note.trim() });
      announce(
        outcome === 'granted'
          ? `Granted${raise ? `: the in-flight limit is now ${request.requested_in_flight_limit}` : ''}. The workspace sees your answer.`
          : 'Declined. The workspace sees your answer.',
      );
    } catch (failure) {
      announce(`Not answered: ${describeError(failure)}`, 'error');
    }
  };

  return (
    <article className="card" data-limit-request-id={request.id} aria-label={`Request from ${workspaceLabel ?? request.workspace_id}`}>
      <p>
        <strong>
          {request.current_in_flight_limit} → {request.requested_in_flight_limit}
        </strong>{' '}
        <span className="muted small">
          {workspaceLabel ? `${workspaceLabel} · ` : ''}
          {request.requested_by.label}, <When iso={request.created_at} /> · {STATUS[request.status]}
        </span>
      </p>
      <p className="brief">{request.reason}</p>
      {request.status === 'open' ? (
        <div className="form">
          <Field label="Note to the workspace (optional)" id={noteId}>
            <input type="text" maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <label className="checkbox" htmlFor={raiseId}>
            <input id={raiseId} type="checkbox" checked={raise} onChange={(event) => setRaise(event.target.checked)} />
            <span>On grant, raise the plan's in-flight limit to {request.requested_in_flight_limit}</span>
          </label>
          <div className="actions">
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void answer('granted')}>
              Grant
            </button>
            <button type="button" className="button button--danger" disabled={busy} onClick={() => void answer('declined')}>
              Decline
            </button>
          </div>
        </div>
      ) : (
        request.resolved_at && (
          <p className="muted small">
            Answered <When iso={request.resolved_at} />
            {request.resolution_note ? `: ${request.resolution_note}` : '.'}
          </p>
        )
      )}
    </article>
  );
}
