/**
 * Which events a partner's endpoint receives: a list of public event types, or `["*"]`
 * for every one, also those added later (as Stripe's `enabled_events`). Pure rules, shared by the
 * endpoint decider (which refuses a bad list) and the fan-out (which asks whether one matches).
 */
import { DomainError, PUBLIC_EVENT_TYPES, type DeliveredEventType } from '@eh/contracts';

export const ALL_EVENTS = '*';

/** The list as it will be stored; refuses an empty list, unknown types, duplicates and `*` beside others. */
export function parseEnabledEvents(value: unknown, field = 'enabled_events'): string[] {
  if (!Array.isArray(value) || value.length === 0)
    throw new DomainError('invalid_request', `${field} must be a non-empty array of event types, or ["*"]`, field);
  const seen = new Set<string>();
  value.forEach((item, index) => {
    const known = typeof item === 'string' && (item === ALL_EVENTS || (PUBLIC_EVENT_TYPES as readonly string[]).includes(item));
    if (!known) throw new DomainError('invalid_request', `${field}[${index}] must be "*" or one of: ${PUBLIC_EVENT_TYPES.join(', ')}`, `${field}[${index}]`);
    if (seen.has(item)) throw new DomainError('invalid_request', `${field}[${index}] repeats "${item}"`, `${field}[${index}]`);
    seen.add(item);
  });
  if (seen.has(ALL_EVENTS) && seen.size > 1) throw new DomainError('invalid_request', `${field}: "*" already means every event; send it alone`, field);
  return [...seen];
}

/** The test event is sent whatever the list says: it is asked for by name. */
export const isEventEnabled = (enabledEvents: readonly string[], eventType: DeliveredEventType): boolean =>
  eventType === 'webhook.test' || enabledEvents.includes(ALL_EVENTS) || enabledEvents.includes(eventType);
