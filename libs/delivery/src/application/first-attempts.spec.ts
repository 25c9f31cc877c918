import type { FoldedStream } from '@eh/event-store';
import type { ScheduleDelivery } from '../domain/delivery.commands';
import type { DeliveryState } from '../domain/delivery.state';
import type { AttemptReport, SentAttempt } from './attempt-delivery.handler';
import { FirstAttempts } from './first-attempts';
import type { ScheduledDeliveryRef } from './schedule-deliveries.handler';

const SCHEDULED = { state: { status: 'scheduled' }, revision: 0 } as unknown as FoldedStream<DeliveryState>;
const SUCCEEDED = { state: { status: 'succeeded' }, revision: 2 } as unknown as FoldedStream<DeliveryState>;
const RECORDED: AttemptReport = { recorded: true, outcome: 'succeeded', folded: SUCCEEDED, created: false };
const noAnswer = (): void => undefined;

/** Attempts the test settles one by one; what went to the queue and the log. */
function harness(limit = 2) {
  const started: string[] = [];
  const queued: string[] = [];
  const logged: string[] = [];
  const settle = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  let enqueueFails = false;
  const attempts = new FirstAttempts({
    attempt: (start) => {
      if ('schedule' in start) throw new Error('attempted before scheduling with no wait');
      expect(start).toEqual({ deliveryId: start.deliveryId, attempt: 1, folded: SCHEDULED });
      started.push(start.deliveryId);
      return new Promise<AttemptReport>((resolve, reject) => settle.set(start.deliveryId, { resolve: () => resolve(RECORDED), reject }));
    },
    waitMs: 0,
    enqueue: async (deliveryId) => {
      if (enqueueFails) throw new Error('redis down');
      queued.push(deliveryId);
    },
    limit,
    log: (line) => void logged.push(line),
  });
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  return { attempts, started, queued, logged, settle, flush, failEnqueues: () => (enqueueFails = true) };
}

describe('FirstAttempts: attempt 1 made where it was scheduled', () => {
  it('starts the attempt at once, without the queue, and is not awaited by the fan-out', async () => {
    const { attempts, started, queued } = harness();
    await attempts.begin('dlv_1', SCHEDULED);
    expect(started).toEqual(['dlv_1']);
    expect(queued).toEqual([]);
    expect(attempts.isAttempting('dlv_1')).toBe(true);
  });

  it('is no longer attempting once the attempt ends', async () => {
    const { attempts, settle, flush } = harness();
    await attempts.begin('dlv_1', SCHEDULED);
    settle.get('dlv_1')?.resolve();
    await flush();
    expect(attempts.isAttempting('dlv_1')).toBe(false);
  });

  it('hands attempts past the limit to the queue', async () => {
    const { attempts, started, queued } = harness(2);
    for (const id of ['dlv_1', 'dlv_2', 'dlv_3']) await attempts.begin(id, SCHEDULED);
    expect(started).toEqual(['dlv_1', 'dlv_2']);
    expect(queued).toEqual(['dlv_3']);
    expect(attempts.isAttempting('dlv_3')).toBe(false);
  });

  it('queues an attempt that failed for the infrastructure, so the queue retries it', async () => {
    const { attempts, queued, logged, settle, flush } = harness();
    await attempts.begin('dlv_1', SCHEDULED);
    settle.get('dlv_1')?.reject(new Error('PostgreSQL down while recording'));
    await flush();
    expect(queued).toEqual(['dlv_1']);
    expect(logged[0]).toMatch(/first attempt of dlv_1 failed/);
    expect(attempts.isAttempting('dlv_1')).toBe(false);
  });

  it('a queue that cannot take it either is logged, not thrown (the reconciler adds the job)', async () => {
    const { attempts, logged, failEnqueues } = harness(0);
    failEnqueues();
    await expect(attempts.begin('dlv_1', SCHEDULED)).resolves.toBeUndefined();
    expect(logged[0]).toMatch(/could not enqueue dlv_1 attempt 1; the reconciler will/);
  });

  it('on stop waits for the attempts in flight, and queues any begun after', async () => {
    const { attempts, started, queued, settle } = harness();
    await attempts.begin('dlv_1', SCHEDULED);
    let stopped = false;
    const stopping = attempts.stop().then(() => (stopped = true));
    await attempts.begin('dlv_2', SCHEDULED);
    expect(started).toEqual(['dlv_1']);
    expect(queued).toEqual(['dlv_2']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    settle.get('dlv_1')?.resolve();
    await stopping;
    expect(stopped).toBe(true);
  });
});

describe('FirstAttempts.attemptThenSchedule: attempt 1 before anything is recorded', () => {
  const SCHEDULE = { type: 'schedule', data: { delivery_id: 'dlv_1' } } as unknown as ScheduleDelivery;
  const CONTEXT = { workspaceId: 'ws_1', correlationId: 'evt_1', causationId: 'evt_1', now: '2030-01-01T00:00:00.000Z' };
  const SENT: SentAttempt = { attemptedAt: new Date(0), result: { status_code: 200, latency_ms: 3, error: null } };
  const ALONE: ScheduledDeliveryRef = {
    delivery_id: 'dlv_1',
    created: true,
    folded: { state: { status: 'scheduled' }, revision: 0 } as unknown as FoldedStream<DeliveryState>,
  };

  /** `early`: what the attempt before scheduling answers; recording a POST sent before settles when the test says. */
  function withEarly(early: (answered: () => void) => Promise<AttemptReport>, limit = 2) {
    const calls: string[] = [];
    const queued: string[] = [];
    const logged: string[] = [];
    let settleRecord: { resolve: () => void; reject: (error: Error) => void } | undefined;
    const attempts = new FirstAttempts({
      attempt: async (start) => {
        if ('schedule' in start) {
          const { schedule, context, answered } = start;
          expect([schedule.type, context, start.waitMs]).toEqual([SCHEDULE.type, CONTEXT, 200]);
          calls.push(schedule.data.delivery_id === 'dlv_1' ? 'attemptUnrecorded' : `attemptUnrecorded ${schedule.data.delivery_id}`);
          return early(answered);
        }
        const { deliveryId, folded, sent } = start;
        if (!folded || !sent) throw new Error('a first attempt here starts from the fold it recorded, with its POST sent');
        calls.push(`recordSent ${deliveryId} r${folded.revision} ${sent.result.status_code}`);
        return new Promise<AttemptReport>((resolve, reject) => (settleRecord = { resolve: () => resolve(RECORDED), reject }));
      },
      waitMs: 200,
      enqueue: async (deliveryId) => void queued.push(deliveryId),
      limit,
      log: (line) => void logged.push(line),
    });
    const scheduleAlone = jest.fn(async () => {
      calls.push('scheduleAlone');
      return ALONE;
    });
    const flush = () => new Promise((resolve) => setImmediate(resolve));
    return { attempts, calls, queued, logged, scheduleAlone, flush, record: () => settleRecord };
  }

  it('sent in time: recorded with its schedule, so nothing is scheduled alone and the slot is free again', async () => {
    const folded = { state: { status: 'succeeded' }, revision: 2 } as unknown as FoldedStream<DeliveryState>;
    const { attempts, calls, scheduleAlone } = withEarly(async () => ({ recorded: true, outcome: 'succeeded', folded, created: true }));
    await expect(attempts.attemptThenSchedule(SCHEDULE, CONTEXT, scheduleAlone, noAnswer)).resolves.toEqual({
      delivery_id: 'dlv_1',
      created: true,
      folded,
      attempted: true,
    });
    expect(calls).toEqual(['attemptUnrecorded']);
    expect(attempts.isAttempting('dlv_1')).toBe(false);
  });

  it('not sent in time: the schedule is recorded alone, then the attempt once sent, holding its slot until then', async () => {
    let send!: (sent: SentAttempt) => void;
    const sent = new Promise<SentAttempt>((resolve) => (send = resolve));
    const { attempts, calls, scheduleAlone, flush, record } = withEarly(async () => ({ recorded: false, sent }));
    await expect(attempts.attemptThenSchedule(SCHEDULE, CONTEXT, scheduleAlone, noAnswer)).resolves.toEqual({ ...ALONE, attempted: true });
    expect(calls).toEqual(['attemptUnrecorded', 'scheduleAlone']);
    expect(attempts.isAttempting('dlv_1')).toBe(true);
    send(SENT);
    await flush();
    expect(calls).toEqual(['attemptUnrecorded', 'scheduleAlone', 'recordSent dlv_1 r0 200']);
    expect(attempts.isAttempting('dlv_1')).toBe(true);
    record()?.resolve();
    await flush();
    expect(attempts.isAttempting('dlv_1')).toBe(false);
  });

  it('an attempt that fails to be recorded after its schedule goes to the queue', async () => {
    const { attempts, queued, logged, scheduleAlone, flush, record } = withEarly(async () => ({ recorded: false, sent: Promise.resolve(SENT) }));
    await attempts.attemptThenSchedule(SCHEDULE, CONTEXT, scheduleAlone, noAnswer);
    await flush();
    record()?.reject(new Error('PostgreSQL down while recording'));
    await flush();
    expect(queued).toEqual(['dlv_1']);
    expect(logged[0]).toMatch(/first attempt of dlv_1 failed/);
  });

  it('with no slot free, or once stopping, only schedules: the fan-out then begins or queues attempt 1 as before', async () => {
    const full = withEarly(async () => ({ recorded: false, sent: Promise.resolve(SENT) }), 0);
    await expect(full.attempts.attemptThenSchedule(SCHEDULE, CONTEXT, full.scheduleAlone, noAnswer)).resolves.toBe(ALONE);
    expect(full.calls).toEqual(['scheduleAlone']);
    const stopping = withEarly(async () => ({ recorded: false, sent: Promise.resolve(SENT) }));
    await stopping.attempts.stop();
    await expect(stopping.attempts.attemptThenSchedule(SCHEDULE, CONTEXT, stopping.scheduleAlone, noAnswer)).resolves.toBe(ALONE);
    expect(stopping.calls).toEqual(['scheduleAlone']);
  });

  it('a schedule that cannot be recorded throws (the event comes again), frees the slot, and leaves no rejection unheard', async () => {
    const unheard: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unheard.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { attempts, scheduleAlone, flush } = withEarly(async () => ({ recorded: false, sent: Promise.reject(new Error('secret does not open')) }));
      scheduleAlone.mockRejectedValueOnce(new Error('PostgreSQL down'));
      await expect(attempts.attemptThenSchedule(SCHEDULE, CONTEXT, scheduleAlone, noAnswer)).rejects.toThrow('PostgreSQL down');
      await flush();
      expect(attempts.isAttempting('dlv_1')).toBe(false);
      expect(unheard).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('found recorded by an earlier handling of the event, records nothing more', async () => {
    const { attempts, calls, scheduleAlone, flush } = withEarly(async () => ({ recorded: false, sent: Promise.resolve(SENT) }));
    scheduleAlone.mockResolvedValueOnce({ ...ALONE, created: false });
    await expect(attempts.attemptThenSchedule(SCHEDULE, CONTEXT, scheduleAlone, noAnswer)).resolves.toEqual({ ...ALONE, created: false });
    await flush();
    expect(calls).toEqual(['attemptUnrecorded']);
    expect(attempts.isAttempting('dlv_1')).toBe(false);
  });

  it('an answered POST frees its slot before it is recorded, and tells the caller once', async () => {
    const records: ((early: AttemptReport) => void)[] = [];
    const folded = { state: { status: 'succeeded' }, revision: 2 } as unknown as FoldedStream<DeliveryState>;
    const { attempts, calls, scheduleAlone, flush } = withEarly(
      (answered) =>
        new Promise<AttemptReport>((resolve) => {
          // The POST has its answer; its append (with the schedule) is still to come.
          answered();
          answered();
          records.push(resolve);
        }),
      1,
    );
    const told: string[] = [];
    const first = attempts.attemptThenSchedule(SCHEDULE, CONTEXT, scheduleAlone, () => told.push('dlv_1 answered'));
    await flush();
    expect(told).toEqual(['dlv_1 answered']);
    expect(attempts.isAttempting('dlv_1')).toBe(true);
    // The limit is 1, and the first holds no connection now: the next is posted here too, not queued.
    const second = { ...SCHEDULE, data: { delivery_id: 'dlv_2' } } as unknown as ScheduleDelivery;
    const secondDone = attempts.attemptThenSchedule(second, CONTEXT, scheduleAlone, noAnswer).catch(() => undefined);
    await flush();
    expect(calls).toEqual(['attemptUnrecorded', 'attemptUnrecorded dlv_2']);
    records[0]?.({ recorded: true, outcome: 'succeeded', folded, created: true });
    await expect(first).resolves.toEqual({ delivery_id: 'dlv_1', created: true, folded, attempted: true });
    expect(told).toEqual(['dlv_1 answered']);
    records[1]?.({ recorded: true, outcome: 'succeeded', folded, created: true });
    await secondDone;
  });

  it('tells the caller nothing when it posts nothing (no slot free): the caller goes on once the schedule is recorded', async () => {
    const { attempts, scheduleAlone } = withEarly(async () => ({ recorded: false, sent: Promise.resolve(SENT) }), 0);
    const told: string[] = [];
    await attempts.attemptThenSchedule(SCHEDULE, CONTEXT, scheduleAlone, () => told.push('answered'));
    expect(told).toEqual([]);
  });

  it('a slot is freed even when the attempt throws before its POST is answered', async () => {
    const { attempts, calls, scheduleAlone } = withEarly(async () => {
      throw new Error('a schedule leaves the delivery dead');
    }, 1);
    const told: string[] = [];
    await expect(attempts.attemptThenSchedule(SCHEDULE, CONTEXT, scheduleAlone, () => told.push('answered'))).rejects.toThrow('dead');
    expect(told).toEqual(['answered']);
    await expect(attempts.attemptThenSchedule(SCHEDULE, CONTEXT, scheduleAlone, noAnswer)).rejects.toThrow('dead');
    expect(calls).toEqual(['attemptUnrecorded', 'attemptUnrecorded']);
  });
});
