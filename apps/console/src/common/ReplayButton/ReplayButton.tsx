import { describeError } from '../../api/api-error';
import { useReplayDelivery } from '../../api/dashboard-queries';
import type { Delivery, Mode } from '../../api/dashboard-types';
import { useAnnounce } from '../Announcer/Announcer';

/**
 * Replays one dead letter: the same delivery id (the receiver sees the same `Service-Delivery`)
 * and the whole retry schedule again. Only a dead letter can be replayed (the API's rule), so the
 * button exists only for one.
 */
export function ReplayButton({ mode, delivery, small = true }: { mode: Mode; delivery: Pick<Delivery, 'id' | 'status' | 'event_type'>; small?: boolean }) {
  const replay = useReplayDelivery(mode);
  const announce = useAnnounce();
  if (delivery.status !== 'dead_lettered') return null;
  return (
    <button
      type="button"
      className={`button${small ? ' button--small' : ''}`}
      disabled={replay.isPending}
      aria-label={`Replay the ${delivery.event_type} delivery ${delivery.id}`}
      onClick={() =>
        replay.mutate(delivery.id, {
          onSuccess: () => announce(`Replaying ${delivery.id}: it is sent again now, with the same Service-Delivery id.`),
          onError: (failure) => announce(`Not replayed: ${describeError(failure)}`, 'error'),
        })
      }
    >
      <span aria-hidden="true">↻</span> {replay.isPending ? 'Replaying…' : 'Replay'}
    </button>
  );
}
