import { describeError } from '../../api/api-error';
import { useMe, useSetAvailability } from '../../api/queries';
import type { Availability } from '../../api/types';
import { useAnnounce } from '../Announcer/Announcer';

const OPTIONS: Record<Availability, { label: string; icon: string; said: string }> = {
  online: { label: 'Online', icon: '●', said: 'You are online: new offers come to you.' },
  busy: { label: 'Busy', icon: '◐', said: 'You are busy: no new offers until you are online again.' },
  offline: { label: 'Offline', icon: '○', said: 'You are offline: no new offers until you are online again.' },
  away: { label: 'Away', icon: '◌', said: 'You are away: two offers lapsed unanswered. Set online to take offers again.' },
};

/** "until 18:00" (today) or "until Fri 18:00": when an `online` with an end stops. */
function untilLabel(iso: string): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === new Date().toDateString() ? `until ${time}` : `until ${at.toLocaleDateString([], { weekday: 'short' })} ${time}`;
}

/** Online takes offers; busy, offline and away do not. The shape repeats the word, never replaces it. An `online` with an end says until when. */
export function AvailabilityControl() {
  const me = useMe();
  const set = useSetAvailability();
  const announce = useAnnounce();
  const current = set.isPending ? set.variables : me.data?.availability;
  return (
    <div className="availability">
      <label htmlFor="availability">Availability</label>
      <span className={`availability__dot availability__dot--${current ?? 'unknown'}`} aria-hidden="true">
        {current ? OPTIONS[current].icon : '·'}
      </span>
      <select
        id="availability"
        value={current ?? ''}
        disabled={!me.data || set.isPending}
        onChange={(event) => {
          const next = event.target.value as Availability;
          set.mutate(next, {
            onSuccess: () => announce(OPTIONS[next].said),
            onError: (error) => announce(`Availability not changed: ${describeError(error)}`, 'error'),
          });
        }}
      >
        {!me.data && <option value="">{me.isError ? 'Unavailable' : 'Loading…'}</option>}
        {(Object.keys(OPTIONS) as Availability[]).map((value) => (
          <option key={value} value={value}>
            {OPTIONS[value].label}
          </option>
        ))}
      </select>
      {!set.isPending && current === 'online' && me.data?.available_until && <span className="availability__until">{untilLabel(me.data.available_until)}</span>}
    </div>
  );
}
