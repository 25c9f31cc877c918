/**
 * "Online until 18:00": an expert may bound their availability. The router derives it at every
 * decision (an expert past their time is no candidate, whatever the roster says), and the roster
 * is brought in line by an `expert.availability_changed` to `offline` once the time has passed, so
 * the console and operations see what routing already does. Pure: `now` comes in.
 */
import { DomainError, type Availability } from '@eh/contracts';

/** A week: longer is not "until", it is a schedule, and a forgotten one keeps offering work to an empty desk. */
export const MAX_AVAILABLE_UNTIL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The bound of a new availability: only `online` takes one; it must be in the future and at most
 * seven days ahead. Returns the normalised ISO time, or null for no bound.
 */
export function availableUntilFor(availability: Availability, raw: string | null | undefined, now: Date): string | null {
  if (raw === undefined || raw === null) return null;
  if (availability !== 'online')
    throw new DomainError('invalid_request', 'available_until applies to online only: busy, offline and away take no offers anyway', 'available_until');
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(at))
    throw new DomainError('invalid_request', 'available_until must be an ISO 8601 date-time with a zone, e.g. 2026-05-01T18:00:00Z', 'available_until');
  if (at <= now.getTime()) throw new DomainError('invalid_request', 'available_until must be in the future', 'available_until');
  if (at - now.getTime() > MAX_AVAILABLE_UNTIL_MS) throw new DomainError('invalid_request', 'available_until must be at most 7 days ahead', 'available_until');
  return new Date(at).toISOString();
}

/** Online for routing now: `online`, and its bound (if any) not yet reached. */
export function isOnlineAt(expert: { availability: Availability; available_until: string | null }, now: Date): boolean {
  return expert.availability === 'online' && (expert.available_until === null || Date.parse(expert.available_until) > now.getTime());
}

/** The bound has passed while still online: the roster should say offline. */
export function availabilityEnded(expert: { availability: Availability; available_until: string | null }, now: Date): boolean {
  return expert.availability === 'online' && expert.available_until !== null && Date.parse(expert.available_until) <= now.getTime();
}
