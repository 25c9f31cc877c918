import { describeError } from '../../api/api-error';
import type { AdminExpert } from '../../api/dashboard-types';
import { useSetExpertAvailability } from '../../api/ops-queries';
import { useAnnounce } from '../../common/Announcer/Announcer';

const OPTIONS = { online: 'Online', busy: 'Busy', offline: 'Offline', away: 'Away' } as const;

/** Operations set an expert's availability (online takes offers; busy, offline and away do not; away is set after two lapsed offers). The label is for screen readers: the row or the card names it. */
export function AvailabilitySelect({ expert }: { expert: AdminExpert }) {
  const set = useSetExpertAvailability();
  const announce = useAnnounce();
  const id = `availability-${expert.id}`;
  return (
    <span className="inline-field">
      <label htmlFor={id} className="visually-hidden">
        Availability of {expert.name}
      </label>
      <select
        id={id}
        value={set.isPending ? set.variables.availability : expert.availability}
        disabled={set.isPending || expert.retired}
        onChange={(event) => {
          const availability = event.target.value as AdminExpert['availability'];
          set.mutate(
            { expertId: expert.id, availability },
            {
              onSuccess: () => announce(`${expert.name} is now ${OPTIONS[availability].toLowerCase()}.`),
              onError: (failure) => announce(`Availability not changed: ${describeError(failure)}`, 'error'),
            },
          );
        }}
      >
        {(Object.keys(OPTIONS) as (keyof typeof OPTIONS)[]).map((value) => (
          <option key={value} value={value}>
            {OPTIONS[value]}
          </option>
        ))}
      </select>
      {expert.availability === 'online' && expert.available_until && (
        <span className="availability__until">
          {' '}
          until {new Date(expert.available_until).toLocaleString([], { weekday: 'short', hour: '2-digit', minute: '2-digit' })}
        </span>
      )}
    </span>
  );
}
