import { deciderScript } from '@eh/contracts/testing';
import { decideMembers, foldMembers, type MembersCommand } from './members.decider';

const WS = 'ws_1';
const OPS = { kind: 'admin' as const, id: null, label: 'operations' };
const OWNER = { kind: 'member' as const, id: 'mem_owner', label: 'o@example.com' };
const T = (seconds: number): string => new Date(Date.UTC(2030, 0, 1) + seconds * 1000).toISOString();
const invite = (email: string, role: 'owner' | 'developer', id = `minv_${email}`, now = T(0), ttl = 3600): MembersCommand => ({
  type: 'invite',
  workspace_id: WS,
  invitation_id: id,
  email,
  role,
  token_sha256: `sha:${id}`,
  expires_at: T(ttl),
  actor: OPS,
  now,
});
const accept = (invitationId: string, memberId: string, now = T(10)): MembersCommand => ({
  type: 'accept',
  token_sha256: `sha:${invitationId}`,
  member_id: memberId,
  name: memberId,
  password_id: `pwd_${memberId}`,
  now,
});
const changeRole = (memberId: string, role: 'owner' | 'developer'): MembersCommand => ({
  type: 'change_role',
  member_id: memberId,
  role,
  actor: OWNER,
  now: T(20),
});
const remove = (memberId: string): MembersCommand => ({ type: 'remove', member_id: memberId, actor: OWNER, now: T(30) });

const { run, refused } = deciderScript(decideMembers, foldMembers);
const withOwner = [invite('o@example.com', 'owner', 'minv_o'), accept('minv_o', 'mem_owner')];
const withDeveloper = [...withOwner, invite('d@example.com', 'developer', 'minv_d'), accept('minv_d', 'mem_dev', T(11))];

describe('members decider', () => {
  it('given an invitation, when accepted, then the person is a member with the invited role and the link is used up', () => {
    const events = run(withOwner);
    expect(events[1]).toEqual({
      type: 'member.joined',
      data: {
        workspace_id: WS,
        member_id: 'mem_owner',
        invitation_id: 'minv_o',
        email: 'o@example.com',
        name: 'mem_owner',
        role: 'owner',
        password_id: 'pwd_mem_owner',
        joined_at: T(10),
      },
    });
    const state = foldMembers(events);
    expect(state.status === 'active' && state.members.map((m) => [m.member_id, m.role])).toEqual([['mem_owner', 'owner']]);
    expect(state.status === 'active' && state.invitations).toEqual([]);
  });

  it('given an open invitation, when the same email is invited again, then the newer replaces it', () => {
    const events = run([invite('d@example.com', 'developer', 'minv_1'), invite('d@example.com', 'owner', 'minv_2', T(5))]);
    expect(events.map((e) => e.type)).toEqual(['member.invited', 'member.invitation_revoked', 'member.invited']);
    expect(refused([invite('d@example.com', 'developer', 'minv_1'), invite('d@example.com', 'owner', 'minv_2', T(5))], accept('minv_1', 'mem_x'))).toBe(
      'not_found',
    );
  });

  it('given two owners, when one becomes a developer or is removed, then it is recorded', () => {
    const two = [...withDeveloper, changeRole('mem_dev', 'owner')];
    const events = run([...two, changeRole('mem_owner', 'developer'), remove('mem_owner')]);
    expect(events.slice(-3).map((e) => e.type)).toEqual(['member.role_changed', 'member.role_changed', 'member.removed']);
    const state = foldMembers(events);
    expect(state.status === 'active' && state.members.map((m) => [m.member_id, m.role])).toEqual([['mem_dev', 'owner']]);
  });

  it('a role change to the same role appends nothing', () => {
    expect(decideMembers(changeRole('mem_dev', 'developer'), foldMembers(run(withDeveloper)))).toEqual([]);
  });

  it.each([
    ['an unknown token', withOwner, accept('minv_nope', 'mem_x'), 'not_found'],
    ['a used token', withOwner, accept('minv_o', 'mem_again', T(12)), 'not_found'],
    ['an expired token', [invite('d@example.com', 'developer', 'minv_d', T(0), 5)], accept('minv_d', 'mem_d', T(5)), 'not_found'],
    [
      'a revoked token',
      [invite('d@example.com', 'developer', 'minv_d'), { type: 'revoke_invitation', invitation_id: 'minv_d', actor: OWNER, now: T(1) } as MembersCommand],
      accept('minv_d', 'mem_d'),
      'not_found',
    ],
    ['inviting a member', withOwner, invite('o@example.com', 'developer', 'minv_again'), 'invalid_request'],
    ['an unknown role', [], { ...invite('x@example.com', 'developer'), role: 'admin' } as unknown as MembersCommand, 'invalid_request'],
    ['an invitation expiring at once', [], invite('x@example.com', 'developer', 'minv_x', T(10), 10 - 10), 'invalid_request'],
    [
      'revoking an unknown invitation',
      withOwner,
      { type: 'revoke_invitation', invitation_id: 'minv_nope', actor: OWNER, now: T(1) } as MembersCommand,
      'not_found',
    ],
    ['demoting the last owner', withDeveloper, changeRole('mem_owner', 'developer'), 'last_owner'],
    ['removing the last owner', withDeveloper, remove('mem_owner'), 'last_owner'],
    ['changing an unknown member', withOwner, changeRole('mem_nope', 'owner'), 'not_found'],
    ['removing an unknown member', withOwner, remove('mem_nope'), 'not_found'],
    ['removing a removed member', [...withDeveloper, remove('mem_dev')], remove('mem_dev'), 'not_found'],
    ['any change in an empty workspace', [], remove('mem_owner'), 'not_found'],
  ] as [string, MembersCommand[], MembersCommand, string][])('refuses %s', (_name, history, command, code) => {
    expect(refused(history, command)).toBe(code);
  });
});
