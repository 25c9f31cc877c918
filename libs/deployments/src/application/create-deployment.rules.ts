import { DomainError, type Urgency } from '@eh/contracts';

export interface ScheduleInput {
  urgency: Urgency;
  scheduled_for: string | null;
}

/**
 * Cross-field rules the field validators cannot see (SPEC.md "POST /v1/deployments"):
 * `scheduled_for` only with `scheduled`, required by it, and at least the lead time ahead.
 * Returns the parsed schedule time.
 */
export function checkSchedule(input: ScheduleInput, now: Date, leadSeconds: number): Date | null {
  if (input.urgency !== 'scheduled') {
    if (input.scheduled_for !== null) {
      throw new DomainError('invalid_request', 'scheduled_for is only accepted with urgency "scheduled"', 'scheduled_for');
    }
    return null;
  }
  if (input.scheduled_for === null) {
    throw new DomainError('invalid_request', 'scheduled_for is required when urgency is "scheduled"', 'scheduled_for');
  }
  const scheduledFor = new Date(input.scheduled_for);
  if (scheduledFor.getTime() < now.getTime() + leadSeconds * 1000) {
    const minutes = Math.round(leadSeconds / 60);
    throw new DomainError('invalid_request', `scheduled_for must be at least ${minutes} minutes in the future`, 'scheduled_for');
  }
  return scheduledFor;
}
