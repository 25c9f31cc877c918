/** given(events) / when(command) / then(events | refusal) for the credit operations. */
import { DomainError, type AccountEvent, type ErrorCode } from '@eh/contracts';
import type { AccountCommand } from './account.commands';
import { creditsRemaining, creditsReserved, inFlight } from './account.state';
import { at, cmd, dep, history, openedWith, openState, reserveCmd, run, T0, TEAM, WS } from './testing/account.fixtures';

function refusal(given: readonly AccountEvent[], command: AccountCommand): { code: ErrorCode; field?: string } {
  try {
    run(given, command);
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field };
    throw error;
  }
  throw new Error('expected a refusal');
}

const base = cmd;
const reservedData = (n: number, amount: number, fromAllowance: number, fromTopup: number) => ({
  workspace_id: WS,
  deployment_id: dep(n),
  amount,
  from_allowance: fromAllowance,
  from_topup: fromTopup,
  expires_at: at(70),
  reserved_at: at(10),
});

describe('account decider: reserve', () => {
  it('holds credits from the allowance first, then from top-ups', () => {
    const given = openedWith({ ...TEAM, cycle_cap_credits: 100 }, 50);
    const { events } = run(given, reserveCmd(1, 120));
    expect(events[0]).toEqual({ type: 'account.credits_reserved', data: reservedData(1, 120, 100, 20) });
    // 120 of a 100-credit cap held: every threshold is crossed by the same reserve.
    expect(events.slice(1).map((event) => event.type)).toEqual(['usage.threshold_reached', 'usage.threshold_reached', 'usage.threshold_reached']);
    const after = openState(run(given, reserveCmd(1, 120)).after);
    expect([after.allowance, after.topup, creditsReserved(after), inFlight(after)]).toEqual([0, 30, 120, 1]);
  });

  it('is idempotent per deployment: a repeated reserve returns nothing new, whatever its amount', () => {
    const once = run(openedWith(), reserveCmd(1, 100)).after;
    expect(run(once, reserveCmd(1, 100)).events).toEqual([]);
    expect(run(once, reserveCmd(1, 999)).events).toEqual([]);
  });

  it('may take the last credit, and refuses one more: 402 credits_exhausted', () => {
    const given = openedWith({ ...TEAM, cycle_cap_credits: 100 });
    expect(run(given, reserveCmd(1, 100)).events[0].type).toBe('account.credits_reserved');
    expect(refusal(given, reserveCmd(1, 101))).toEqual({ code: 'credits_exhausted' });
  });

  it("refuses past the plan's in-flight limit, and counts a released slot free again", () => {
    const full = history(openedWith(), reserveCmd(1, 1), reserveCmd(2, 1), reserveCmd(3, 1));
    expect(refusal(full, reserveCmd(4, 1))).toEqual({ code: 'in_flight_limit_reached' });
    const freed = history(full, base({ type: 'release', deploymentId: dep(2), reason: 'cancelled' }));
    expect(run(freed, reserveCmd(4, 1)).events.map((event) => event.type)).toEqual(['account.credits_reserved']);
  });

  it('answers credits_exhausted before the in-flight limit when both apply', () => {
    const full = history(openedWith({ ...TEAM, cycle_cap_credits: 3 }), reserveCmd(1, 1), reserveCmd(2, 1), reserveCmd(3, 1));
    expect(refusal(full, reserveCmd(4, 1))).toEqual({ code: 'credits_exhausted' });
  });

  it('holds zero credits and still counts toward the limit; a limit of 0 suspends live work', () => {
    const given = run(openedWith({ ...TEAM, cycle_cap_credits: 0 }), reserveCmd(1, 0)).after;
    expect(inFlight(openState(given))).toBe(1);
    expect(refusal(openedWith({ ...TEAM, in_flight_limit: 0 }), reserveCmd(1, 1))).toEqual({ code: 'in_flight_limit_reached' });
  });

  it('refuses a negative or fractional amount and a deadline not after now', () => {
    expect(refusal(openedWith(), reserveCmd(1, -1))).toEqual({ code: 'invalid_request', field: 'amount' });
    expect(refusal(openedWith(), reserveCmd(1, 1.5))).toEqual({ code: 'invalid_request', field: 'amount' });
    expect(refusal(openedWith(), reserveCmd(1, 1, at(10), 0))).toEqual({ code: 'invalid_request', field: 'expires_at' });
  });

  it('opens an unknown account on the standard plan (0 credits): a paid reserve is refused and nothing is written', () => {
    expect(refusal([], reserveCmd(1, 1))).toEqual({ code: 'credits_exhausted' });
    expect(run([], reserveCmd(1, 0)).events.map((event) => event.type)).toEqual(['account.opened', 'account.credits_reserved']);
  });
});

describe('account decider: confirm, release, settle', () => {
  const held = history(openedWith({ ...TEAM, cycle_cap_credits: 100 }, 100), reserveCmd(1, 150));

  it('confirms a reservation once; unknown or repeated confirms do nothing', () => {
    const confirm = base({ type: 'confirm', deploymentId: dep(1) });
    const { events, after } = run(held, confirm);
    expect(events).toEqual([{ type: 'account.reservation_confirmed', data: { workspace_id: WS, deployment_id: dep(1), confirmed_at: at(20) } }]);
    expect(openState(after).deploymentsThisCycle).toBe(1);
    expect(run(after, confirm).events).toEqual([]);
    expect(run(held, base({ type: 'confirm', deploymentId: dep(9) })).events).toEqual([]);
  });

  it.each(['cancelled', 'expired'] as const)('releases in full on %s, to the buckets it came from, exactly once', (reason) => {
    const command = base({ type: 'release', deploymentId: dep(1), reason });
    const { events, after } = run(held, command);
    expect(events).toEqual([
      {
        type: 'account.credits_released',
        data: { workspace_id: WS, deployment_id: dep(1), amount: 150, reason, to_allowance: 100, to_topup: 50, expired: 0, released_at: at(20) },
      },
    ]);
    expect([openState(after).allowance, openState(after).topup, inFlight(openState(after))]).toEqual([100, 100, 0]);
    expect(run(after, command).events).toEqual([]);
    expect(run(held, base({ type: 'release', deploymentId: dep(9), reason })).events).toEqual([]);
  });

  it('releases an orphan only unconfirmed and past its deadline, once', () => {
    const orphan = (now: string) => base({ type: 'release_orphan', deploymentId: dep(1), now });
    expect(run(held, orphan(at(69))).events).toEqual([]);
    const { events, after } = run(held, orphan(at(70)));
    expect(events).toEqual([
      {
        type: 'account.credits_released',
        data: { workspace_id: WS, deployment_id: dep(1), amount: 150, reason: 'orphaned', to_allowance: 100, to_topup: 50, expired: 0, released_at: at(70) },
      },
    ]);
    expect(run(after, orphan(at(80))).events).toEqual([]);
    const confirmed = history(held, base({ type: 'confirm', deploymentId: dep(1) }));
    expect(run(confirmed, orphan(at(999))).events).toEqual([]);
  });

  it('releases an abandoned reservation before its deadline, once, but never a confirmed one', () => {
    const abandoned = base({ type: 'release_orphan', deploymentId: dep(1), abandoned: true, now: at(11) });
    const { events, after } = run(held, abandoned);
    expect(events).toEqual([
      {
        type: 'account.credits_released',
        data: { workspace_id: WS, deployment_id: dep(1), amount: 150, reason: 'orphaned', to_allowance: 100, to_topup: 50, expired: 0, released_at: at(11) },
      },
    ]);
    expect(run(after, abandoned).events).toEqual([]);
    expect(run(history(held, base({ type: 'confirm', deploymentId: dep(1) })), abandoned).events).toEqual([]);
  });

  it('settles to the reported charge, the allowance part charged first, the rest released, once', () => {
    const command = base({ type: 'settle', deploymentId: dep(1), reportedCharge: 120 });
    const { events, after } = run(held, command);
    expect(events).toEqual([
      {
        type: 'account.credits_settled',
        data: {
          workspace_id: WS,
          deployment_id: dep(1),
          reserved: 150,
          reported_charge: 120,
          charged: 120,
          released: 30,
          overage: 0,
          to_allowance: 0,
          to_topup: 30,
          expired: 0,
          settled_at: at(20),
        },
      },
    ]);
    const account = openState(after);
    expect([account.allowance, account.topup, account.chargedThisCycle, creditsRemaining(account)]).toEqual([0, 80, 120, 80]);
    expect(run(after, command).events).toEqual([]);
  });

  it('bills at most the reservation: a charge above it is recorded as overage', () => {
    const { events } = run(held, base({ type: 'settle', deploymentId: dep(1), reportedCharge: 200 }));
    expect(events[0]).toMatchObject({ data: { reserved: 150, reported_charge: 200, charged: 150, released: 0, overage: 50 } });
  });

  it('settles a zero charge as a full release, and refuses a negative or fractional one', () => {
    expect(run(held, base({ type: 'settle', deploymentId: dep(1), reportedCharge: 0 })).events[0]).toMatchObject({
      data: { charged: 0, released: 150, to_allowance: 100, to_topup: 50 },
    });
    expect(refusal(held, base({ type: 'settle', deploymentId: dep(1), reportedCharge: -5 }))).toEqual({ code: 'invalid_request', field: 'credits_charged' });
    expect(refusal(held, base({ type: 'settle', deploymentId: dep(1), reportedCharge: 0.5 }))).toEqual({ code: 'invalid_request', field: 'credits_charged' });
  });

  it("does nothing for accounts that were never opened (test-mode deployments, other services' events)", () => {
    for (const command of [
      base({ type: 'confirm', deploymentId: dep(1) }),
      base({ type: 'release', deploymentId: dep(1), reason: 'cancelled' }),
      base({ type: 'settle', deploymentId: dep(1), reportedCharge: 1 }),
      base({ type: 'release_orphan', deploymentId: dep(1) }),
      base({ type: 'roll_cycle' }),
    ]) {
      expect(run([], command).events).toEqual([]);
    }
    expect(T0).toBe(at(0));
  });
});
