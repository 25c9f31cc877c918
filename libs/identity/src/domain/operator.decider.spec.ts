import { deciderScript } from '@eh/contracts/testing';
import { decideOperator, foldOperator, type OperatorCommand } from './operator.decider';

const T = (seconds: number): string => new Date(Date.UTC(2030, 0, 1) + seconds * 1000).toISOString();
const invite = (id: string, now = T(0), email = 'ops@example.com', ttl = 3600): OperatorCommand => ({
  type: 'invite',
  operator_id: 'op_1',
  invitation_id: id,
  email,
  name: 'Ops',
  token_sha256: `sha:${id}`,
  expires_at: new Date(Date.parse(now) + ttl * 1000).toISOString(),
  now,
});
const accept = (id: string, now = T(10)): OperatorCommand => ({ type: 'accept', token_sha256: `sha:${id}`, name: 'Olga', password_id: `pwd_${id}`, now });

const { run, refused } = deciderScript(decideOperator, foldOperator);

describe('operator decider', () => {
  it('given an invitation, when accepted, then the operator has a password and the link is used up', () => {
    const state = foldOperator(run([invite('inv_1'), accept('inv_1')]));
    expect(state).toEqual({
      status: 'known',
      operator_id: 'op_1',
      email: 'ops@example.com',
      name: 'Olga',
      password_id: 'pwd_inv_1',
      invitation: null,
      removed: false,
    });
  });

  it('given an operator, when invited again, then the new link replaces the old (a password reset)', () => {
    const events = run([invite('inv_1'), accept('inv_1'), invite('inv_2', T(20))]);
    expect(events[2].data).toMatchObject({ operator_id: 'op_1', invitation_id: 'inv_2' });
    expect(refused([invite('inv_1'), invite('inv_2', T(1))], accept('inv_1'))).toBe('not_found');
  });

  it('given a joined operator, when invited again, then the old password stops working at once (not only once the link is used)', () => {
    expect(foldOperator(run([invite('inv_1'), accept('inv_1'), invite('inv_2', T(20))]))).toMatchObject({
      password_id: null,
      invitation: { invitation_id: 'inv_2' },
    });
  });

  it('given an operator, when removed, then no password and no open link remain; twice changes nothing; an invitation brings them back', () => {
    const remove: OperatorCommand = { type: 'remove', now: T(30) };
    const events = run([invite('inv_1'), accept('inv_1'), invite('inv_2', T(20)), remove]);
    expect(events[3]).toEqual({ type: 'operator.removed', data: { operator_id: 'op_1', removed_at: T(30) } });
    expect(foldOperator(events)).toMatchObject({ password_id: null, invitation: null, removed: true });
    expect(decideOperator(remove, foldOperator(events))).toEqual([]);
    expect(refused([invite('inv_1'), invite('inv_2', T(20)), remove], accept('inv_2', T(31)))).toBe('not_found');
    expect(refused([], remove)).toBe('not_found');
    expect(foldOperator(run([invite('inv_1'), accept('inv_1'), remove, invite('inv_3', T(40))]))).toMatchObject({
      removed: false,
      password_id: null,
      invitation: { invitation_id: 'inv_3' },
    });
  });

  it.each([
    ['accepting with nothing', [], accept('inv_1'), 'not_found'],
    ['accepting twice', [invite('inv_1'), accept('inv_1')], accept('inv_1', T(11)), 'not_found'],
    ['accepting after expiry', [invite('inv_1', T(0), 'ops@example.com', 5)], accept('inv_1', T(5)), 'not_found'],
    ['inviting under another email', [invite('inv_1')], invite('inv_2', T(1), 'other@example.com'), 'invalid_request'],
    ['an invitation expiring at once', [], invite('inv_1', T(0), 'ops@example.com', 0), 'invalid_request'],
  ] as [string, OperatorCommand[], OperatorCommand, string][])('refuses %s', (_name, history, command, code) => {
    expect(refused(history, command)).toBe(code);
  });
});
