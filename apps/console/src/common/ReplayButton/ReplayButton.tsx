import { describeError } from '../../api/api-error';
import { useReplayDelivery, useRetryDeliveryNow } from '../../api/delivery-queries';
import type { Delivery, Mode } from '../../api/dashboard-types';
import { useAnnounce } from '../Announcer/Announcer';

const FINISHED = new Set(['succeeded', 'failed', 'dead_lettered']);

/**
 * Sends one delivery again: the same delivery id (the receiver sees the same `Service-Delivery`)
 * and the whole retry schedule again. Lists offer it for dead letters (`anyOutcome` false); a
 * delivery's own page for any finished delivery (a success resent to test a receiver, a 4xx after
 * a fix), as the API allows. A delivery still waiting for an attempt has Retry now instead.
 */
export function ReplayButton({
  mode,
  delivery,
  small = true,
  anyOutcome = false,
}: {
  mode: Mode;
  delivery: Pick<Delivery, 'id' | 'status' | 'event_type'>;
  small?: boolean;
  anyOutcome?: boolean;
}) {
  const replay = useReplayDelivery(mode);
  const announce = useAnnounce();
  if (anyOutcome ? !FINISHED.has(delivery.status) : delivery.status !== 'dead_lettered') return null;
  const verb = delivery.status === 'dead_lettered' ? 'Replay' : 'Resend';
  return (
    <button
      type="button"
      className={`button${small ? ' button--small' : ''}`}
      disabled={replay.isPending}
      aria-label={`${verb} the ${delivery.event_type} delivery ${delivery.id}`}
      onClick={() =>
        replay.mutate(delivery.id, {
          onSuccess: () =>
            announce(`${verb === 'Replay' ? 'Replaying' : 'Resending'} ${delivery.id}: it is sent again now, with the same Service-Delivery id.`),
          onError: (failure) => announce(`Not sent again: ${describeError(failure)}`, 'error'),
        })
      }
    >
      <span aria-hidden="true">↻</span> {replay.isPending ? 'Sending…' : verb}
    </button>
  );
}

/** Retry now: a delivery waiting for a retry is attempted at once (same attempt, same id) instead of at its time. */
export function RetryNowButton({ mode, delivery }: { mode: Mode; delivery: Pick<Delivery, 'id' | 'status' | 'event_type' | 'next_attempt_at'> }) {
  const retry = useRetryDeliveryNow(mode);
  const announce = useAnnounce();
  if (delivery.status !== 'retrying' && delivery.status !== 'scheduled') return null;
  return (
    <button
      type="button"
      className="button"
      disabled={retry.isPending}
      aria-label={`Retry the ${delivery.event_type} delivery ${delivery.id} now`}
      onClick={() =>
        retry.mutate(delivery.id, {
          onSuccess: () => announce(`Retrying ${delivery.id} now, with the same Service-Delivery id.`),
          onError: (failure) => announce(`Not retried: ${describeError(failure)}`, 'error'),
        })
      }
    >
      <span aria-hidden="true">⏵</span> {retry.isPending ? 'Retrying…' : 'Retry now'}
    </button>
  );
}
