/** Opening, grants, plan changes, cycles and usage thresholds (docs/decisions.md "Ledger"). */
import { DomainError, type AccountEvent, type AccountPlan } from '@eh/contracts';
import { STANDARD_PLAN } from './account-plan';
import type { AccountCommand } from './account.commands';
import { creditsRemaining } from './account.state';
import { at, cmd, DAY, dep, history, openedWith, openState, reserveCmd, run, T0, TEAM, WS } from './testing/account.fixtures';

const grant = (credits: number, reference: string | null = null, note = ''): AccountCommand => cmd({ type: 'grant', credits, note, reference });
const plan = (changes: Partial<AccountPlan>, now = at(20)): AccountCommand => cmd({ type: 'change_plan', changes, now });
const types = (events: AccountEvent[]) => events.map((event) => event.type);
const thresholds = (events: AccountEvent[]) => events.flatMap((event) => (event.type === 'usage.threshold_reached' ? [event.data.threshold] : []));
const codeOf = (command: AccountCommand, given: AccountEvent[] = openedWith()): string | undefined => {
  try {
    run(given, command);
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? `${error.code}:${error.field ?? ''}` : 'not a DomainError';
  }
};

describe('account decider: opening', () => {
  it("opens on the standard plan, the first cycle starting now with the plan's allowance", () => {
    expect(run([], cmd({ type: 'open', now: T0 })).events).toEqual([
      {
        type: 'account.opened',
        data: { workspace_id: WS, plan: STANDARD_PLAN, cycle_start: T0, cycle_end: at(30 * DAY), allowance_granted: 0, opened_at: T0 },
      },
    ]);
    expect(run(openedWith(), cmd({ type: 'open' })).events).toEqual([]);
  });
});

describe('account decider: grants', () => {
  it('adds top-up credits, opening the account if needed', () => {
    expect(types(run([], grant(500, null, 'welcome')).events)).toEqual(['account.opened', 'account.credits_granted']);
    const after = history(openedWith(), grant(500, 'inv-1', 'invoice 1'));
    expect([openState(after).topup, creditsRemaining(openState(after))]).toEqual([500, 1500]);
  });

  it('grants a reference once', () => {
    const after = history(openedWith(), grant(500, 'inv-1'));
    expect(run(after, grant(500, 'inv-1')).events).toEqual([]);
    expect(run(after, grant(500, 'inv-2')).events).toHaveLength(1);
  });

  it('refuses zero, negative and fractional credits, and a note over 500 characters', () => {
    expect([grant(0), grant(-1), grant(1.5)].map((command) => codeOf(command))).toEqual([
      'invalid_request:credits',
      'invalid_request:credits',
      'invalid_request:credits',
    ]);
    expect(codeOf(grant(1, null, 'x'.repeat(501)))).toBe('invalid_request:note');
  });
});

describe('account decider: plan changes', () => {
  it("moves the allowance by the change of cap at once, keeping the cycle's dates", () => {
    const { events, after } = run(openedWith(), plan({ cycle_cap_credits: 1500, in_flight_limit: 20 }));
    expect(events).toEqual([
      {
        type: 'account.plan_changed',
        data: {
          workspace_id: WS,
          plan: { ...TEAM, cycle_cap_credits: 1500, in_flight_limit: 20 },
          previous_plan: TEAM,
          allowance_adjustment: 500,
          changed_at: at(20),
        },
      },
    ]);
    expect([openState(after).allowance, openState(after).cycleEnd]).toEqual([1500, at(30 * DAY)]);
  });

  it('never takes the allowance below zero when the cap drops', () => {
    const spent = history(openedWith(), reserveCmd(1, 900));
    const { events, after } = run(spent, plan({ cycle_cap_credits: 200 }));
    expect(events[0]).toMatchObject({ data: { allowance_adjustment: -100 } });
    expect(openState(after).allowance).toBe(0);
  });

  it("takes a preset's values by name, changes nothing when nothing changes, refuses invalid values", () => {
    expect(run(openedWith(), plan({ name: 'standard' })).events[0]).toMatchObject({ data: { plan: STANDARD_PLAN, allowance_adjustment: -1000 } });
    expect(run(openedWith(), plan({ cycle_cap_credits: 1000 })).events).toEqual([]);
    expect(codeOf(plan({ cycle_cap_credits: -1 }))).toBe('invalid_request:cycle_cap_credits');
    expect(codeOf(plan({ cycle_days: 0 }))).toBe('invalid_request:cycle_days');
    expect(codeOf(plan({ in_flight_limit: 2.5 }))).toBe('invalid_request:in_flight_limit');
    expect(codeOf(plan({ name: 'Not A Name' }))).toBe('invalid_request:name');
  });
});

describe('account decider: cycles', () => {
  const roll = (seconds: number): AccountCommand => cmd({ type: 'roll_cycle', now: at(seconds) });

  it('starts the next cycle at the end of the current one: unused allowance expires, top-ups carry over', () => {
    const given = openedWith(TEAM, 300);
    expect(run(given, roll(30 * DAY - 1)).events).toEqual([]);
    const { events, after } = run(given, roll(30 * DAY));
    expect(events).toEqual([
      {
        type: 'account.cycle_started',
        data: {
          workspace_id: WS,
          cycle_start: at(30 * DAY),
          cycle_end: at(60 * DAY),
          allowance_expired: 1000,
          allowance_granted: 1000,
          started_at: at(30 * DAY),
        },
      },
    ]);
    expect([openState(after).allowance, openState(after).topup]).toEqual([1000, 300]);
  });

  it('jumps to the cycle containing now when several passed unseen', () => {
    expect(run(openedWith(), roll(95 * DAY)).events[0]).toMatchObject({ data: { cycle_start: at(90 * DAY), cycle_end: at(120 * DAY) } });
  });

  it('starts the cycle before any other command decides, so a reserve after the end uses the new allowance', () => {
    const spent = history(openedWith(), reserveCmd(1, 1000), cmd({ type: 'settle', deploymentId: dep(1), reportedCharge: 1000 }));
    expect(codeOf(reserveCmd(2, 1), spent)).toBe('credits_exhausted:');
    expect(types(run(spent, reserveCmd(2, 1, at(30 * DAY))).events)).toEqual(['account.cycle_started', 'account.credits_reserved']);
  });

  it('carries open reservations over; their allowance part expires when handed back in a later cycle', () => {
    const held = history(openedWith(TEAM, 100), reserveCmd(1, 1050), roll(30 * DAY));
    expect(openState(held).reservations[dep(1)]).toMatchObject({ amount: 1050, fromAllowance: 1000, fromTopup: 50 });
    const { events } = run(held, cmd({ type: 'settle', deploymentId: dep(1), reportedCharge: 20, now: at(31 * DAY) }));
    expect(events[0]).toMatchObject({ data: { charged: 20, to_allowance: 0, to_topup: 50, expired: 980 } });
  });

  it('does not open or roll an account for a command that decides nothing', () => {
    const ended = openedWith();
    expect(run(ended, cmd({ type: 'release', deploymentId: dep(7), reason: 'expired', now: at(40 * DAY) })).events).toEqual([]);
  });
});

describe('account decider: usage thresholds', () => {
  it('fires each of 50/80/95 % of the cycle cap once per cycle, as consumption (charged + held) crosses it', () => {
    const first = run(openedWith(), reserveCmd(1, 500));
    expect(thresholds(first.events)).toEqual([50]);
    expect(first.events[1]).toEqual({
      type: 'usage.threshold_reached',
      data: {
        workspace_id: WS,
        threshold: 50,
        cycle_start: T0,
        cycle_end: at(30 * DAY),
        cycle_cap_credits: 1000,
        consumed_credits: 500,
        credits_remaining: 500,
        reached_at: at(10),
      },
    });
    const released = history(first.after, cmd({ type: 'release', deploymentId: dep(1), reason: 'cancelled' }));
    expect(thresholds(run(released, reserveCmd(2, 500)).events)).toEqual([]);
    expect(thresholds(run(released, reserveCmd(2, 960)).events)).toEqual([80, 95]);
  });

  it('fires again in the next cycle, and never with a cap of 0', () => {
    const fired = history(openedWith(TEAM, 5000), reserveCmd(1, 960));
    const nextCycle = run(fired, reserveCmd(2, 1, at(30 * DAY)));
    expect(thresholds(nextCycle.events)).toEqual([50, 80, 95]);
    expect(thresholds(run(openedWith(STANDARD_PLAN, 5000), reserveCmd(1, 5000)).events)).toEqual([]);
  });

  it('fires when a lower cap makes the same consumption cross', () => {
    const held = history(openedWith(), reserveCmd(1, 400));
    expect(thresholds(run(held, plan({ cycle_cap_credits: 500 })).events)).toEqual([50, 80]);
  });
});
