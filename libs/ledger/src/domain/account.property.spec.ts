/**
 * Property: for any interleaving of reserve / confirm / release / orphan
 * sweep / settle, with grants, plan changes and cycles between them, credits are conserved and
 * never negative:
 *   granted − expired = allowance + top-up (the balance) + reserved + charged,
 * each term ≥ 0, where granted and expired are summed from the events themselves. Also: a
 * reserve never goes past the in-flight limit, settlement never bills above the reservation,
 * every release or settlement happens once, and each threshold fires at most once per cycle.
 */
import fc from 'fast-check';
import { DomainError, type AccountEvent } from '@eh/contracts';
import type { AccountCommand } from './account.commands';
import { decideAccount } from './account.decider';
import { creditFlows } from './credit-flows';
import { foldAccount } from './account.evolve';
import { creditsReserved, inFlight, initialAccountState, type AccountState } from './account.state';
import { at, dep, WS } from './testing/account.fixtures';

type Step = { advanceSeconds: number; make: (now: string) => AccountCommand };

const deployment = fc.integer({ min: 1, max: 6 }).map(dep);
const step: fc.Arbitrary<Step> = fc
  .tuple(
    fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 600 }), fc.integer({ min: 1, max: 12 * 86_400 })),
    fc.oneof(
      {
        weight: 5,
        arbitrary: fc.tuple(deployment, fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 900 })).map(
          ([id, amount, ttl]) =>
            (now: string): AccountCommand => ({
              type: 'reserve',
              workspaceId: WS,
              deploymentId: id,
              amount,
              expiresAt: new Date(Date.parse(now) + ttl * 1000).toISOString(),
              now,
            }),
        ),
      },
      {
        weight: 2,
        arbitrary: deployment.map(
          (id) =>
            (now: string): AccountCommand => ({ type: 'confirm', workspaceId: WS, deploymentId: id, now }),
        ),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(deployment, fc.constantFrom('cancelled' as const, 'expired' as const)).map(
          ([id, reason]) =>
            (now: string): AccountCommand => ({ type: 'release', workspaceId: WS, deploymentId: id, reason, now }),
        ),
      },
      {
        weight: 2,
        arbitrary: deployment.map(
          (id) =>
            (now: string): AccountCommand => ({ type: 'release_orphan', workspaceId: WS, deploymentId: id, now }),
        ),
      },
      {
        weight: 3,
        arbitrary: fc.tuple(deployment, fc.integer({ min: 0, max: 500 })).map(
          ([id, charge]) =>
            (now: string): AccountCommand => ({ type: 'settle', workspaceId: WS, deploymentId: id, reportedCharge: charge, now }),
        ),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(fc.integer({ min: 1, max: 500 }), fc.constantFrom(null, 'a', 'b')).map(
          ([credits, reference]) =>
            (now: string): AccountCommand => ({ type: 'grant', workspaceId: WS, credits, note: '', reference, now }),
        ),
      },
      {
        weight: 1,
        arbitrary: fc
          .record({
            cycle_cap_credits: fc.integer({ min: 0, max: 1500 }),
            in_flight_limit: fc.integer({ min: 0, max: 5 }),
            cycle_days: fc.constantFrom(1, 7, 30),
          })
          .map(
            (changes) =>
              (now: string): AccountCommand => ({ type: 'change_plan', workspaceId: WS, changes, now }),
          ),
      },
      { weight: 1, arbitrary: fc.constant((now: string): AccountCommand => ({ type: 'roll_cycle', workspaceId: WS, now })) },
    ),
  )
  .map(([advanceSeconds, make]) => ({ advanceSeconds, make }));

function checkInvariants(state: AccountState, events: readonly AccountEvent[], emitted: readonly AccountEvent[]): void {
  if (state.status !== 'open') return;
  const { granted, expired, charged } = creditFlows(events);
  const reserved = creditsReserved(state);
  expect([state.allowance >= 0, state.topup >= 0, reserved >= 0]).toEqual([true, true, true]);
  expect(state.allowance + state.topup + reserved + charged).toBe(granted - expired);
  for (const reservation of Object.values(state.reservations)) expect(reservation.fromAllowance + reservation.fromTopup).toBe(reservation.amount);
  if (emitted.some((event) => event.type === 'account.credits_reserved')) expect(inFlight(state)).toBeLessThanOrEqual(state.plan.in_flight_limit);
  for (const event of emitted) {
    if (event.type === 'account.credits_settled') {
      const { reserved: held, charged: billed, released, to_allowance, to_topup, expired: lapsed } = event.data;
      expect([billed <= held, billed + released === held, to_allowance + to_topup + lapsed === released]).toEqual([true, true, true]);
    }
  }
  expect(new Set(state.thresholdsReached).size).toBe(state.thresholdsReached.length);
}

const ONCE_ONLY: ReadonlySet<AccountCommand['type']> = new Set(['confirm', 'release', 'release_orphan', 'settle', 'grant', 'change_plan', 'roll_cycle']);

describe('account decider properties', () => {
  it('conserves balance + reserved + charged against granted − expired, never negative, each step once', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
        let events: AccountEvent[] = [];
        let state: AccountState = initialAccountState;
        let clock = 0;
        for (const { advanceSeconds, make } of steps) {
          clock += advanceSeconds;
          const command = make(at(clock));
          let emitted: AccountEvent[];
          try {
            emitted = decideAccount(command, state);
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
            continue;
          }
          events = [...events, ...emitted];
          state = foldAccount(emitted, state);
          expect(foldAccount(events)).toEqual(state);
          checkInvariants(state, events, emitted);
          // Redelivery: the same command decided again on the new state changes nothing.
          if (ONCE_ONLY.has(command.type) && (command.type !== 'grant' || command.reference !== null)) expect(decideAccount(command, state)).toEqual([]);
        }
      }),
      { numRuns: 500 },
    );
  });
});
