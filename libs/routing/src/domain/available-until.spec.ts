/** "Online until": validated (future, ≤ 7 days, online only), derived at routing time, ended by the sweep. */
import { DomainError, type ExpertEvent } from '@eh/contracts';
import { availabilityEnded, availableUntilFor, isOnlineAt } from './available-until';
import { decideExpert, foldExpert, type ActiveExpert } from './expert.decider';
import { EXPERT_ID as ID, registerCommand } from './testing/expert.fixtures';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const later = (ms: number): string => new Date(NOW.getTime() + ms).toISOString();
const HOUR = 3_600_000;

function paramOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return `${error.code}:${error.field}`;
    throw error;
  }
  return undefined;
}

describe('availableUntilFor', () => {
  it('takes a future time up to 7 days ahead, with any zone, normalised to UTC', () => {
    expect(availableUntilFor('online', later(HOUR), NOW)).toBe(later(HOUR));
    expect(availableUntilFor('online', '2026-11-21T20:00:00+02:00', NOW)).toBe('2026-11-21T18:00:00.000Z');
    expect(availableUntilFor('online', later(7 * 24 * HOUR), NOW)).toBe(later(7 * 24 * HOUR));
  });

  it('no bound: absent or null', () => {
    expect(availableUntilFor('online', undefined, NOW)).toBeNull();
    expect(availableUntilFor('busy', null, NOW)).toBeNull();
  });

  it('refuses, naming available_until: past, now, past 7 days, not a date-time, no zone, not online', () => {
    for (const raw of [later(-1000), NOW.toISOString(), later(7 * 24 * HOUR + 1000), 'tomorrow', '2026-11-21', '2026-11-21T18:00:00', '2026-13-45T99:00:00Z']) {
      expect([raw, paramOf(() => availableUntilFor('online', raw, NOW))]).toEqual([raw, 'invalid_request:available_until']);
    }
    expect(paramOf(() => availableUntilFor('busy', later(HOUR), NOW))).toBe('invalid_request:available_until');
  });
});

describe('online until, in the expert stream', () => {
  const registered = decideExpert(registerCommand(NOW.toISOString(), 'offline'), foldExpert([]));
  const online = [
    ...registered,
    ...decideExpert({ type: 'set_availability', availability: 'online', availableUntil: later(HOUR), now: NOW.toISOString() }, foldExpert(registered)),
  ];
  const expert = (events: ExpertEvent[]): ActiveExpert => foldExpert(events) as ActiveExpert;

  it('is kept on the state and counts as online only before it', () => {
    expect(expert(online)).toMatchObject({ availability: 'online', available_until: later(HOUR) });
    expect(isOnlineAt(expert(online), new Date(NOW.getTime() + HOUR - 1))).toBe(true);
    expect(isOnlineAt(expert(online), new Date(NOW.getTime() + HOUR))).toBe(false);
    expect(isOnlineAt({ availability: 'online', available_until: null }, NOW)).toBe(true);
    expect(isOnlineAt({ availability: 'busy', available_until: null }, NOW)).toBe(false);
  });

  it('setting the same availability with another end is a change; the same one is not', () => {
    const state = foldExpert(online);
    expect(decideExpert({ type: 'set_availability', availability: 'online', availableUntil: later(HOUR), now: NOW.toISOString() }, state)).toEqual([]);
    expect(decideExpert({ type: 'set_availability', availability: 'online', availableUntil: later(2 * HOUR), now: NOW.toISOString() }, state)).toHaveLength(1);
    expect(decideExpert({ type: 'set_availability', availability: 'online', now: NOW.toISOString() }, state)).toMatchObject([
      { data: { available_until: null } },
    ]);
  });

  it('the sweep turns it offline once past, at the bound itself; before it, or after a change, nothing', () => {
    expect(decideExpert({ type: 'end_available_until', now: later(HOUR - 1) }, foldExpert(online))).toEqual([]);
    const ended = decideExpert({ type: 'end_available_until', now: later(HOUR + 5000) }, foldExpert(online));
    expect(ended).toEqual([
      {
        type: 'expert.availability_changed',
        data: { expert_id: ID, availability: 'offline', changed_at: later(HOUR), available_until: null, reason: 'available_until_passed' },
      },
    ]);
    expect(availabilityEnded(expert([...online, ...ended]), new Date(NOW.getTime() + 2 * HOUR))).toBe(false);
    expect(decideExpert({ type: 'end_available_until', now: later(2 * HOUR) }, foldExpert([...online, ...ended]))).toEqual([]);
    const noEnd = [...online, ...decideExpert({ type: 'set_availability', availability: 'online', now: later(10) }, foldExpert(online))];
    expect(decideExpert({ type: 'end_available_until', now: later(2 * HOUR) }, foldExpert(noEnd))).toEqual([]);
  });
});
