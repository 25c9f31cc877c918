/** Two lapsed offers in a row set an online expert away; an answer clears the count; replays change nothing. */
import { DomainError, type ExpertEvent } from '@eh/contracts';
import { decideExpert, foldExpert, type ActiveExpert, type ExpertCommand } from './expert.decider';
import { LAPSES_BEFORE_AWAY } from './offer-lapses';
import { EXPERT_ID as ID, registerCommand } from './testing/expert.fixtures';

const T0 = '2026-11-21T10:00:00.000Z';
const at = (minutes: number): string => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const registered = decideExpert(registerCommand(T0), foldExpert([]));

const lapse = (deploymentId: string, minute: number, offerNumber = 1): ExpertCommand => ({
  type: 'record_lapse',
  offer: { deploymentId, offerNumber },
  expiredAt: at(minute),
});
const answer = (deploymentId: string, minute: number, offerNumber: number | null = 1): ExpertCommand => ({
  type: 'record_answer',
  offer: { deploymentId, offerNumber },
  answeredAt: at(minute),
});

/** Runs the commands in order, each on the fold of everything before; returns every event. */
function run(commands: ExpertCommand[], history: ExpertEvent[] = registered): ExpertEvent[] {
  const events = [...history];
  for (const command of commands) events.push(...decideExpert(command, foldExpert(events)));
  return events;
}
const state = (events: ExpertEvent[]): ActiveExpert => foldExpert(events) as ActiveExpert;
const newEvents = (commands: ExpertCommand[]): ExpertEvent[] => run(commands).slice(registered.length);

describe('offer lapses', () => {
  it('is two', () => expect(LAPSES_BEFORE_AWAY).toBe(2));

  it('a first lapse is counted; the second in a row sets the expert away (same time as the lapse)', () => {
    const events = newEvents([lapse('dep_a', 5), lapse('dep_b', 10)]);
    expect(events).toEqual([
      { type: 'expert.offer_lapsed', data: { expert_id: ID, deployment_id: 'dep_a', offer_number: 1, expired_at: at(5), consecutive: 1 } },
      { type: 'expert.offer_lapsed', data: { expert_id: ID, deployment_id: 'dep_b', offer_number: 1, expired_at: at(10), consecutive: 2 } },
      {
        type: 'expert.availability_changed',
        data: { expert_id: ID, availability: 'away', changed_at: at(10), available_until: null, reason: 'offers_lapsed' },
      },
    ]);
    expect(state(run([lapse('dep_a', 5), lapse('dep_b', 10)]))).toMatchObject({ availability: 'away', lapses: { lapses: [] } });
  });

  it('an acceptance or a decline between two lapses resets the count', () => {
    for (const act of [answer('dep_x', 7, null), answer('dep_x', 7, 2)]) {
      const events = newEvents([lapse('dep_a', 5), act, lapse('dep_b', 10)]);
      expect(events.map((event) => event.type)).toEqual(['expert.offer_lapsed', 'expert.lapses_cleared', 'expert.offer_lapsed']);
      expect(state(run([lapse('dep_a', 5), act, lapse('dep_b', 10)]))).toMatchObject({
        availability: 'online',
        lapses: { lapses: [{ deployment_id: 'dep_b' }] },
      });
    }
  });

  it('an answer with no lapse to clear writes nothing', () => {
    expect(newEvents([answer('dep_x', 3)])).toEqual([]);
  });

  it('is idempotent: the same expiry or answer delivered again changes nothing', () => {
    const once = run([lapse('dep_a', 5)]);
    expect(decideExpert(lapse('dep_a', 5), foldExpert(once))).toEqual([]);
    const cleared = run([answer('dep_x', 7)], once);
    expect(decideExpert(answer('dep_x', 7), foldExpert(cleared))).toEqual([]);
    // The expiry of the first offer, delivered once more after the answer, is not counted again.
    expect(decideExpert(lapse('dep_a', 5), foldExpert(cleared))).toEqual([]);
    const away = run([lapse('dep_a', 5), lapse('dep_b', 10)]);
    expect(decideExpert(lapse('dep_b', 10), foldExpert(away))).toEqual([]);
  });

  it('replaying the events folds to the same state', () => {
    const events = run([lapse('dep_a', 5), answer('dep_x', 7), lapse('dep_b', 10), lapse('dep_c', 12)]);
    expect(foldExpert(events)).toEqual(foldExpert(JSON.parse(JSON.stringify(events)) as ExpertEvent[]));
    expect(state(events).availability).toBe('away');
  });

  it('tolerates order: an answer decided before an earlier lapse keeps that lapse from counting', () => {
    const events = newEvents([lapse('dep_a', 5), answer('dep_x', 9), lapse('dep_late', 8), lapse('dep_b', 10)]);
    expect(events.map((event) => event.type)).toEqual(['expert.offer_lapsed', 'expert.lapses_cleared', 'expert.offer_lapsed']);
    expect(state(run([lapse('dep_a', 5), answer('dep_x', 9), lapse('dep_late', 8), lapse('dep_b', 10)])).availability).toBe('online');
  });

  it('counts only while online: a lapse while busy, offline or away is not a lapse', () => {
    for (const availability of ['busy', 'offline', 'away'] as const) {
      const history = run([{ type: 'set_availability', availability, now: at(1) }]);
      expect(run([lapse('dep_a', 5), lapse('dep_b', 10)], history).slice(history.length)).toEqual([]);
    }
  });

  it('coming back online starts afresh: one lapse after that does not set away again', () => {
    const away = run([lapse('dep_a', 5), lapse('dep_b', 10), { type: 'set_availability', availability: 'online', now: at(20) }]);
    expect(state(away)).toMatchObject({ availability: 'online', lapses: { lapses: [], counts_after: at(20) } });
    expect(
      run([lapse('dep_c', 25)], away)
        .slice(away.length)
        .map((event) => event.type),
    ).toEqual(['expert.offer_lapsed']);
    // A lapse from before coming back, arriving late, does not count.
    expect(decideExpert(lapse('dep_old', 15), foldExpert(away))).toEqual([]);
  });

  it('a retired or unknown expert records nothing (the service, not a person, sends these)', () => {
    const retired = run([{ type: 'retire', now: at(1) }]);
    for (const history of [retired, []]) {
      expect(decideExpert(lapse('dep_a', 5), foldExpert(history))).toEqual([]);
      expect(decideExpert(answer('dep_a', 5), foldExpert(history))).toEqual([]);
      expect(decideExpert({ type: 'end_available_until', now: at(5) }, foldExpert(history))).toEqual([]);
    }
    // A person's command on a retired expert is still refused.
    expect(() => decideExpert({ type: 'set_availability', availability: 'online', now: at(2) }, foldExpert(retired))).toThrow(DomainError);
  });
});
