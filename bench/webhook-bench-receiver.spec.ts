import { subjectsOutOfOrder, type FirstSeen } from './webhook-bench-receiver';

const seen = (subject: string, sequence: number, at = 0): FirstSeen => ({ at, eventId: `evt_${subject}_${sequence}`, sequence, subject });

describe("subjectsOutOfOrder (bench:webhooks: did any deployment's events arrive out of order?)", () => {
  it("counts none when each subject's events arrive in sequence, whatever is between them", () => {
    expect(subjectsOutOfOrder([seen('dep_a', 1), seen('dep_b', 1), seen('dep_a', 2), seen('dep_b', 2), seen('dep_a', 3)])).toBe(0);
  });

  it('counts a subject once, however many of its events arrive after a later one', () => {
    expect(subjectsOutOfOrder([seen('dep_a', 3), seen('dep_a', 1), seen('dep_a', 2), seen('dep_b', 1), seen('dep_b', 2)])).toBe(1);
  });

  it('goes by arrival order, not by the clock: two in one millisecond are still in the order they came', () => {
    expect(subjectsOutOfOrder([seen('dep_a', 2, 5), seen('dep_a', 1, 5)])).toBe(1);
    expect(subjectsOutOfOrder([seen('dep_a', 1, 5), seen('dep_a', 2, 5)])).toBe(0);
  });
});
