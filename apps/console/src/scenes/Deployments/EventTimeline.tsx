import type { ServiceEvent } from '../../api/dashboard-types';
import { When } from '../../common/When/When';
import { JsonView } from '../../common/JsonView/JsonView';

const EVENT_TEXT: Record<string, string> = {
  'deployment.accepted': 'An expert accepted',
  'deployment.in_progress': 'Work started',
  'deployment.needs_input': 'The expert asked a question',
  'deployment.reply_received': 'Your reply reached the expert',
  'deployment.completed': 'Completed: the output is ready',
  'deployment.cancelled': 'Cancelled',
  'deployment.expired': 'Expired',
};

/** The deployment's public events in stream order, each with the body a webhook receiver got. */
export function EventTimeline({ events }: { events: ServiceEvent[] }) {
  return (
    <ol className="timeline" aria-label="Events">
      {events.map((event) => (
        <li key={event.id} className="timeline__item" data-event-type={event.type}>
          <p className="timeline__head">
            <span className="timeline__dot" aria-hidden="true" />
            <strong>{EVENT_TEXT[event.type] ?? event.type}</strong> <code className="small">{event.type}</code>{' '}
            <span className="muted small">
              <When iso={event.created_at} />
            </span>
          </p>
          <details className="timeline__body">
            <summary>
              Event body <span className="visually-hidden">of {event.type}</span> (sequence {event.sequence})
            </summary>
            <JsonView text={JSON.stringify(event)} label={`Body of the ${event.type} event`} />
          </details>
        </li>
      ))}
    </ol>
  );
}
