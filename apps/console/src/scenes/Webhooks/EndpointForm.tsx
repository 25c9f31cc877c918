import { useState, type FormEvent } from 'react';
import { fieldError, formError } from '../../api/api-error';
import { EVENT_TYPES, type NewEndpointInput, type WebhookEndpoint } from '../../api/dashboard-types';
import { Field, FormError } from '../../common/Field/Field';
import { SubmitButton } from '../../common/SubmitButton/SubmitButton';

interface EndpointFormProps {
  /** Editing this endpoint; absent to add one. */
  endpoint?: WebhookEndpoint;
  busy: boolean;
  /** The server's refusal, shown beside the field it names. */
  error: unknown;
  submitLabel: string;
  onSubmit: (input: NewEndpointInput) => void;
  onCancel?: () => void;
}

const ALL = '*';
/** The form's fields by the API parameter each sends: refusals name them as the form does. */
export const ENDPOINT_LABELS = { url: 'Endpoint URL', description: 'Description', enabled_events: 'Events to send' } as const;

/** URL, description and which events: the fields an endpoint is made of (contract §2). */
export function EndpointForm({ endpoint, busy, error, submitLabel, onSubmit, onCancel }: EndpointFormProps) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [allEvents, setAllEvents] = useState(!endpoint || endpoint.enabled_events.includes(ALL));
  const [events, setEvents] = useState<string[]>(endpoint && !endpoint.enabled_events.includes(ALL) ? [...endpoint.enabled_events] : []);
  const [checked, setChecked] = useState(false);

  const urlError = !url.trim() ? 'Enter the URL that receives the events.' : !/^https?:\/\//.test(url.trim()) ? 'Use a full URL starting with https://.' : null;
  const eventsError = !allEvents && events.length === 0 ? 'Choose at least one event type, or all of them.' : null;
  const serverError = (param: string) => fieldError(error, param, ENDPOINT_LABELS);
  const otherError = formError(error, ENDPOINT_LABELS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (urlError || eventsError) return;
    onSubmit({ url: url.trim(), description: description.trim(), enabled_events: allEvents ? [ALL] : events });
  };
  const toggle = (type: string) => setEvents((current) => (current.includes(type) ? current.filter((t) => t !== type) : [...current, type]));

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Field
        label="Endpoint URL"
        hint="HTTPS, reachable from the internet. Each event is POSTed here, signed."
        error={(checked && urlError) || serverError('url')}
      >
        <input
          type="url"
          inputMode="url"
          autoComplete="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://example.com/webhooks"
        />
      </Field>
      <Field label="Description (optional)" error={serverError('description')}>
        <input type="text" maxLength={500} value={description} onChange={(event) => setDescription(event.target.value)} />
      </Field>
      <fieldset>
        <legend>Events to send</legend>
        <label className="checkbox">
          <input type="radio" name="events-scope" checked={allEvents} onChange={() => setAllEvents(true)} />
          <span>All events, including types added later</span>
        </label>
        <label className="checkbox">
          <input type="radio" name="events-scope" checked={!allEvents} onChange={() => setAllEvents(false)} />
          <span>Only the types I choose</span>
        </label>
        {!allEvents && (
          <div className="event-types">
            {EVENT_TYPES.map((type) => (
              <label key={type} className="checkbox checkbox--inline">
                <input type="checkbox" checked={events.includes(type)} onChange={() => toggle(type)} />
                <code>{type}</code>
              </label>
            ))}
          </div>
        )}
        {((checked && eventsError) || serverError('enabled_events')) && (
          <p className="field__error">
            <span aria-hidden="true">⚠ </span>
            {(checked && eventsError) || serverError('enabled_events')}
          </p>
        )}
      </fieldset>
      <FormError message={otherError} />
      <SubmitButton busy={busy} busyLabel="Saving…" onCancel={onCancel}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

/** "All events" or "3 event types". */
export const eventsText = (types: string[]): string => (types.includes(ALL) ? 'All events' : `${types.length} event type${types.length === 1 ? '' : 's'}`);
