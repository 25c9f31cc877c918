import { DomainError } from '@eh/contracts';
import { checkSchedule } from './create-deployment.rules';
import { slaDeadline } from './sla';

const now = new Date('2026-11-21T10:00:00.000Z');
const lead = 15 * 60;

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'invalid_request') return error.field;
    throw error;
  }
  throw new Error('expected invalid_request');
}

describe('checkSchedule', () => {
  it('accepts no schedule for standard and priority', () => {
    expect(checkSchedule({ urgency: 'standard', scheduled_for: null }, now, lead)).toBeNull();
    expect(checkSchedule({ urgency: 'priority', scheduled_for: null }, now, lead)).toBeNull();
  });

  it('refuses scheduled_for without urgency scheduled, and scheduled without scheduled_for', () => {
    expect(fieldOf(() => checkSchedule({ urgency: 'standard', scheduled_for: '2026-11-22T10:00:00Z' }, now, lead))).toBe('scheduled_for');
    expect(fieldOf(() => checkSchedule({ urgency: 'scheduled', scheduled_for: null }, now, lead))).toBe('scheduled_for');
  });

  it('needs the lead time exactly or more', () => {
    expect(checkSchedule({ urgency: 'scheduled', scheduled_for: '2026-11-21T10:15:00.000Z' }, now, lead)).toEqual(new Date('2026-11-21T10:15:00.000Z'));
    expect(fieldOf(() => checkSchedule({ urgency: 'scheduled', scheduled_for: '2026-11-21T10:14:59.999Z' }, now, lead))).toBe('scheduled_for');
  });

  it('accepts up to 365 days ahead, to the millisecond, and refuses later', () => {
    const yearAhead = new Date(now.getTime() + 365 * 86_400_000).toISOString();
    expect(checkSchedule({ urgency: 'scheduled', scheduled_for: yearAhead }, now, lead)).toEqual(new Date(yearAhead));
    for (const later of ['2027-11-21T10:00:00.001Z', '9000-01-01', '9999-12-31T20:00:01Z']) {
      expect(fieldOf(() => checkSchedule({ urgency: 'scheduled', scheduled_for: later }, now, lead))).toBe('scheduled_for');
    }
  });

  it('refuses ISO 8601 forms that name no time JavaScript can read (week, ordinal, basic format, comma fraction)', () => {
    for (const unreadable of ['2026-W48-1', '2026-330', '20261122T100000Z', '2026-11-22T10:00:00,5Z', '2026-11-22T10Z']) {
      expect(fieldOf(() => checkSchedule({ urgency: 'scheduled', scheduled_for: unreadable }, now, lead))).toBe('scheduled_for');
    }
  });
});

describe('slaDeadline', () => {
  const windows = { slaPrioritySeconds: 3600, slaStandardSeconds: 4 * 3600 };
  it('is 60 minutes for priority, 4 hours for standard, and 4 hours after the start for scheduled', () => {
    expect(slaDeadline('priority', now, null, windows).toISOString()).toBe('2026-11-21T11:00:00.000Z');
    expect(slaDeadline('standard', now, null, windows).toISOString()).toBe('2026-11-21T14:00:00.000Z');
    expect(slaDeadline('scheduled', now, new Date('2026-11-22T08:00:00.000Z'), windows).toISOString()).toBe('2026-11-22T12:00:00.000Z');
  });
});
