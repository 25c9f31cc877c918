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
});

describe('slaDeadline', () => {
  const windows = { slaPrioritySeconds: 3600, slaStandardSeconds: 4 * 3600 };
  it('is 60 minutes for priority, 4 hours for standard, and 4 hours after the start for scheduled', () => {
    expect(slaDeadline('priority', now, null, windows).toISOString()).toBe('2026-11-21T11:00:00.000Z');
    expect(slaDeadline('standard', now, null, windows).toISOString()).toBe('2026-11-21T14:00:00.000Z');
    expect(slaDeadline('scheduled', now, new Date('2026-11-22T08:00:00.000Z'), windows).toISOString()).toBe('2026-11-22T12:00:00.000Z');
  });
});
