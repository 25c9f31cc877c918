import { deciderScript } from '@eh/contracts/testing';
import { decideLimitRequest, foldLimitRequest, toLimitRequestResource, type LimitRequestCommand } from './limit-request.decider';

const OWNER = { kind: 'member' as const, id: 'mem_1', label: 'o@example.com' };
const OPS = { kind: 'operator' as const, id: 'op_1', label: 'ops@example.com' };
const T = (s: number): string => new Date(Date.UTC(2030, 0, 1) + s * 1000).toISOString();
const request = (wanted = 20, reason = 'launch week', current = 10): LimitRequestCommand => ({
  type: 'request',
  request_id: 'lrq_1',
  workspace_id: 'ws_1',
  current_in_flight_limit: current,
  requested_in_flight_limit: wanted,
  reason,
  actor: OWNER,
  now: T(0),
});
const resolve = (outcome: 'granted' | 'declined' = 'granted', note = 'ok'): LimitRequestCommand => ({ type: 'resolve', outcome, note, actor: OPS, now: T(60) });

const { run, refusal: refused } = deciderScript(decideLimitRequest, foldLimitRequest);

describe('limit request decider', () => {
  it('given nothing, when an owner asks, then the request is open with the current and wanted limits', () => {
    expect(toLimitRequestResource(foldLimitRequest(run([request()])))).toEqual({
      object: 'limit_request',
      id: 'lrq_1',
      workspace_id: 'ws_1',
      current_in_flight_limit: 10,
      requested_in_flight_limit: 20,
      reason: 'launch week',
      status: 'open',
      requested_by: OWNER,
      created_at: T(0),
      resolved_at: null,
      resolution_note: null,
    });
  });

  it('given an open request, when operations answer, then it is granted or declined with their note', () => {
    expect(toLimitRequestResource(foldLimitRequest(run([request(), resolve('declined', 'not now')])))).toMatchObject({
      status: 'declined',
      resolved_at: T(60),
      resolution_note: 'not now',
    });
  });

  it.each([
    ['a limit not above the current', [], request(10), 'invalid_request', 'in_flight_limit'],
    ['a fractional limit', [], request(12.5), 'invalid_request', 'in_flight_limit'],
    ['a limit past the ceiling', [], request(10_001), 'invalid_request', 'in_flight_limit'],
    ['a blank reason', [], request(20, '   '), 'invalid_request', 'reason'],
    ['a second request of one id', [request()], request(), 'invalid_state_transition', undefined],
    ['an answer to nothing', [], resolve(), 'not_found', 'id'],
    ['a second answer', [request(), resolve()], resolve('declined'), 'invalid_state_transition', undefined],
    ['an unknown outcome', [request()], { ...resolve(), outcome: 'maybe' } as unknown as LimitRequestCommand, 'invalid_request', 'outcome'],
  ] as [string, LimitRequestCommand[], LimitRequestCommand, string, string | undefined][])('refuses %s', (_name, history, command, code, field) => {
    expect(refused(history, command)).toEqual({ code, field });
  });
});
