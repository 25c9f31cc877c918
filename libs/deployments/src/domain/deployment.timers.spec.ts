/** The clocks each state needs, and the command each fired timer sends back. */
import { decide } from './deployment.decider';
import { foldDeployment } from './deployment.evolve';
import { deploymentTimers, timerCommand, timerJobId } from './deployment.timers';
import { DEP, ev, HISTORIES, HISTORY_NAMES, T } from './testing/deployment.fixtures';
import type { HistoryName } from './testing/deployment.fixtures';

const SLA = { jobId: `sla-${DEP}`, kind: 'sla', deploymentId: DEP, dueAt: '2025-03-01T11:00:00.000Z', offerNumber: null };

const EXPECTED: Record<HistoryName, unknown[]> = {
  initial: [],
  scheduled: [SLA, { jobId: `start-${DEP}`, kind: 'start', deploymentId: DEP, dueAt: T.scheduledFor, offerNumber: null }],
  pending: [SLA],
  offered: [SLA, { jobId: `offer-${DEP}-1`, kind: 'offer', deploymentId: DEP, dueAt: T.offerExpires, offerNumber: 1 }],
  passed_over: [SLA],
  accepted: [],
  in_progress: [],
  needs_input: [{ jobId: `reply-${DEP}`, kind: 'reply', deploymentId: DEP, dueAt: T.replyDeadline, offerNumber: null }],
  answered: [],
  completed: [],
  cancelled: [],
  expired: [],
};

describe('deployment timers', () => {
  it.each(HISTORY_NAMES.map((name) => [name]))('%s', (name) => {
    expect(deploymentTimers(foldDeployment(HISTORIES[name]))).toEqual(EXPECTED[name]);
  });

  it('uses ids BullMQ accepts: no ":" (reserved as its key separator)', () => {
    expect(timerJobId('offer', DEP, 3)).toBe(`offer-${DEP}-3`);
    expect(timerJobId('sla', DEP)).not.toContain(':');
  });

  it('each timer, fired when due, moves its state; fired late, it is refused', () => {
    const cases: [HistoryName, string][] = [
      ['scheduled', 'deployment.routing_started'],
      ['offered', 'deployment.offer_expired'],
      ['needs_input', 'deployment.expired'],
    ];
    for (const [name, type] of cases) {
      const state = foldDeployment(HISTORIES[name]);
      const due = deploymentTimers(state).filter((timer) => timer.kind !== 'sla');
      const events = due.flatMap((timer) => decide(timerCommand(timer, timer.dueAt), state));
      expect(events.map((event) => event.type)).toEqual([type]);
    }
    const sla = deploymentTimers(foldDeployment(HISTORIES.pending))[0];
    expect(decide(timerCommand(sla, sla.dueAt), foldDeployment(HISTORIES.pending))[0]).toMatchObject({
      type: 'deployment.expired',
      data: { reason: 'not_accepted' },
    });
    const late = () => decide(timerCommand(sla, T.now), foldDeployment(HISTORIES.accepted));
    expect(late).toThrow(/only pending deployments can expire/);
    expect(() => decide(timerCommand({ kind: 'offer', offerNumber: 1 }, T.offerExpires), foldDeployment([...HISTORIES.offered, ev.declined()]))).toThrow(
      /offer 1 is not open/,
    );
  });
});
