import { useRoutingHistory } from '../../api/deployment-queries';
import type { Deployment, Mode } from '../../api/dashboard-types';
import type { Expert } from '../../api/generated/console-api';
import { QueryStates } from '../../common/States/States';
import { When } from '../../common/When/When';

type Step = Expert.components['schemas']['RoutingHistory']['steps'][number];

function stepText(step: Step): string {
  switch (step.kind) {
    case 'routing_started':
      return 'Looking for an expert';
    case 'offered':
      return `Offered to an expert (offer ${step.offer_number})`;
    case 'declined':
      return `Declined (offer ${step.offer_number}): “${step.reason ?? ''}”`;
    case 'offer_expired':
      return `Not answered in time (offer ${step.offer_number})`;
    case 'accepted':
      return 'Accepted';
    case 'cancelled':
      return 'Cancelled';
    case 'expired':
      return 'Expired: no expert accepted it in time';
  }
}

/**
 * Why a deployment still waits: each offer (one expert at a time), a decline with the expert's
 * reason or a timeout, then the next offer. Experts who passed are not named.
 */
export function RoutingHistory({ mode, deployment: d }: { mode: Mode; deployment: Deployment }) {
  const history = useRoutingHistory(mode, d.id, d.status === 'pending');
  const steps = history.data?.steps ?? [];
  const last = steps[steps.length - 1];
  return (
    <section className="card" aria-labelledby="routing-heading">
      <h2 id="routing-heading">Finding an expert</h2>
      <QueryStates query={history} what="the routing" />
      {history.isSuccess && steps.length === 0 && (
        <p className="muted">Not offered yet{d.urgency === 'scheduled' ? ': routing starts at the scheduled time' : ''}.</p>
      )}
      {steps.length > 0 && (
        <ol className="timeline" aria-label="Routing">
          {steps.map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the routing history only grows at its end, so a step's place is its identity
            <li key={index} className="timeline__item" data-routing-step={step.kind}>
              <p className="timeline__head">
                <span className="timeline__dot" aria-hidden="true" />
                <strong>{stepText(step)}</strong>{' '}
                <span className="muted small">
                  <When iso={step.at} />
                  {step.kind === 'offered' && step === last && step.expires_at && (
                    <>
                      {' '}
                      · answer due <When iso={step.expires_at} />
                    </>
                  )}
                </span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
