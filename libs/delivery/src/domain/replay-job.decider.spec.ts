import { deciderScript } from '@eh/contracts/testing';
import { decideReplayJob, foldReplayJob, toReplayJobResource, type ReplayJobCommand } from './replay-job.decider';

const ACTOR = { kind: 'member' as const, id: 'mem_1', label: 'a@example.com' };
const T = (seconds: number): string => new Date(Date.UTC(2030, 0, 1) + seconds * 1000).toISOString();
const request = (ids = ['del_1', 'del_2', 'del_3']): ReplayJobCommand => ({
  type: 'request',
  replay_id: 'wrp_1',
  workspace_id: 'ws_1',
  mode: 'live',
  filter: { event_type: 'deployment.completed' },
  delivery_ids: ids,
  actor: ACTOR,
  now: T(0),
});
const progress = (replayed: number, skipped: number, now = T(1)): ReplayJobCommand => ({ type: 'record_progress', replayed, skipped, now });
const complete = (replayed: number, skipped: number, now = T(2)): ReplayJobCommand => ({ type: 'complete', replayed, skipped, now });

const { run, refused } = deciderScript(decideReplayJob, foldReplayJob);

describe('bulk replay job decider', () => {
  it('given nothing, when requested, then it runs over the matched dead letters', () => {
    const events = run([request()]);
    expect(events[0]).toMatchObject({
      type: 'webhook_replay.requested',
      data: { replay_id: 'wrp_1', delivery_ids: ['del_1', 'del_2', 'del_3'], actor: ACTOR },
    });
    expect(toReplayJobResource(foldReplayJob(events))).toEqual({
      object: 'webhook_replay',
      id: 'wrp_1',
      mode: 'live',
      status: 'running',
      matched: 3,
      replayed: 0,
      skipped: 0,
      filter: { event_type: 'deployment.completed' },
      created_at: T(0),
      completed_at: null,
    });
  });

  it('given a running job, when progress and the end are recorded, then the figures follow; the same progress twice appends nothing', () => {
    const events = run([request(), progress(1, 0), progress(1, 0), complete(2, 1)]);
    expect(events.map((e) => e.type)).toEqual(['webhook_replay.requested', 'webhook_replay.progressed', 'webhook_replay.completed']);
    expect(toReplayJobResource(foldReplayJob(events))).toMatchObject({ status: 'completed', replayed: 2, skipped: 1, completed_at: T(2) });
  });

  it('a job that matched nothing completes at once', () => {
    expect(toReplayJobResource(foldReplayJob(run([request([]), complete(0, 0)])))).toMatchObject({ status: 'completed', matched: 0 });
  });

  it.each([
    ['a second request', [request()], request(), 'invalid_state_transition'],
    ['progress of nothing', [], progress(1, 0), 'not_found'],
    ['progress after the end', [request(), complete(3, 0)], progress(3, 0), 'invalid_state_transition'],
    ['an end after the end', [request(), complete(3, 0)], complete(3, 0), 'invalid_state_transition'],
    ['counts going back', [request(), progress(2, 0)], progress(1, 0), 'invalid_request'],
    ['counts past the matched', [request()], progress(3, 1), 'invalid_request'],
    ['an end before all are done', [request()], complete(1, 1), 'invalid_request'],
    ['negative counts', [request()], progress(-1, 0), 'invalid_request'],
  ] as [string, ReplayJobCommand[], ReplayJobCommand, string][])('refuses %s', (_name, history, command, code) => {
    expect(refused(history, command)).toBe(code);
  });
});
