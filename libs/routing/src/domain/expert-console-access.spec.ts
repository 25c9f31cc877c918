/** Invitations and passwords on the roster decider (given events / when command / then events or error). */
import { DomainError, type ExpertEvent } from '@eh/contracts';
import { decideExpert, foldExpert, type ExpertCommand } from './expert.decider';
import { EXPERT_ID as ID, registerCommand } from './testing/expert.fixtures';

const T0 = '2026-11-21T10:00:00.000Z';
const T1 = '2026-11-21T11:00:00.000Z';
const EXPIRES = '2026-11-24T10:00:00.000Z';
const LATE = '2026-11-24T10:00:00.000Z';
const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

const given = (...commands: ExpertCommand[]): ExpertEvent[] =>
  commands.reduce<ExpertEvent[]>((events, command) => [...events, ...decideExpert(command, foldExpert(events))], []);
const register = registerCommand(T0);
const invite = (tokenSha256 = HASH_A, invitationId = 'inv_01JINVITE0000000000000000A', email = 'ada@example.com'): ExpertCommand => ({
  type: 'invite',
  invitationId,
  email,
  tokenSha256,
  expiresAt: EXPIRES,
  now: T0,
});
const accept = (tokenSha256 = HASH_A, now = T1, passwordId = 'pwd_1'): ExpertCommand => ({ type: 'accept_invitation', tokenSha256, passwordId, now });

function refusal(command: ExpertCommand, history: ExpertEvent[]): { code: string; field?: string } | 'ok' {
  try {
    decideExpert(command, foldExpert(history));
    return 'ok';
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field };
    throw error;
  }
}

describe('expert decider: console access', () => {
  it('invites an active expert, keeping only the token hash', () => {
    expect(decideExpert(invite(), foldExpert(given(register)))).toEqual([
      {
        type: 'expert.invited',
        data: {
          expert_id: ID,
          invitation_id: 'inv_01JINVITE0000000000000000A',
          email: 'ada@example.com',
          token_sha256: HASH_A,
          expires_at: EXPIRES,
          invited_at: T0,
        },
      },
    ]);
    expect(foldExpert(given(register, invite()))).toMatchObject({
      console: { email: null, password_id: null, invitation: { token_sha256: HASH_A, expires_at: EXPIRES } },
    });
  });

  it('accepting sets the sign-in email and the password row, and closes the invitation', () => {
    const events = decideExpert(accept(), foldExpert(given(register, invite())));
    expect(events).toEqual([
      {
        type: 'expert.invitation_accepted',
        data: { expert_id: ID, invitation_id: 'inv_01JINVITE0000000000000000A', email: 'ada@example.com', accepted_at: T1 },
      },
      { type: 'expert.password_set', data: { expert_id: ID, password_id: 'pwd_1', set_at: T1 } },
    ]);
    expect(foldExpert([...given(register, invite()), ...events])).toMatchObject({
      console: { email: 'ada@example.com', invitation: null, password_id: 'pwd_1' },
    });
  });

  it('refuses a used invitation: one-time', () => {
    expect(refusal(accept(HASH_A, T1, 'pwd_2'), given(register, invite(), accept()))).toEqual({ code: 'not_found', field: 'token' });
  });

  it('refuses an expired invitation, at and after expires_at', () => {
    expect(refusal(accept(HASH_A, LATE), given(register, invite()))).toEqual({ code: 'not_found', field: 'token' });
    expect(refusal(accept(HASH_A, '2026-11-24T09:59:59.999Z'), given(register, invite()))).toBe('ok');
  });

  it('refuses a wrong token, and a token replaced by a newer invitation', () => {
    expect(refusal(accept(HASH_B), given(register, invite()))).toEqual({ code: 'not_found', field: 'token' });
    const reinvited = given(register, invite(HASH_A), invite(HASH_B, 'inv_01JINVITE0000000000000000B'));
    expect(refusal(accept(HASH_A), reinvited)).toEqual({ code: 'not_found', field: 'token' });
    expect(decideExpert(accept(HASH_B), foldExpert(reinvited))[0]).toMatchObject({ data: { invitation_id: 'inv_01JINVITE0000000000000000B' } });
  });

  it('refuses accepting without any invitation', () => {
    expect(refusal(accept(), given(register))).toEqual({ code: 'not_found', field: 'token' });
  });

  it('lets operations invite again after acceptance (a password reset); the new password row wins', () => {
    const history = given(register, invite(), accept(), invite(HASH_B, 'inv_01JINVITE0000000000000000B', 'ada@new.example.com'), accept(HASH_B, T1, 'pwd_2'));
    expect(foldExpert(history)).toMatchObject({ console: { email: 'ada@new.example.com', password_id: 'pwd_2', invitation: null } });
  });

  it('refuses an invitation that expires when issued', () => {
    expect(refusal({ ...invite(), expiresAt: T0 } as ExpertCommand, given(register))).toEqual({ code: 'invalid_request', field: 'expires_at' });
  });

  it('refuses inviting an unknown or retired expert, and accepting for a retired one', () => {
    expect(refusal(invite(), [])).toEqual({ code: 'not_found', field: undefined });
    const retired = given(register, invite(), { type: 'retire', now: T0 });
    expect(refusal(invite(HASH_B), retired)).toEqual({ code: 'invalid_state_transition', field: undefined });
    expect(refusal(accept(), retired)).toEqual({ code: 'not_found', field: 'token' });
    expect(refusal(accept(), [])).toEqual({ code: 'not_found', field: 'token' });
  });

  it('keeps console access through profile and availability changes; retirement drops it', () => {
    const history = given(
      register,
      invite(),
      accept(),
      { type: 'update', changes: { name: 'Ada L.' }, now: T1 },
      { type: 'set_availability', availability: 'busy', now: T1 },
    );
    expect(foldExpert(history)).toMatchObject({ name: 'Ada L.', availability: 'busy', console: { email: 'ada@example.com', password_id: 'pwd_1' } });
    expect(foldExpert(given(register, invite(), accept(), { type: 'retire', now: T1 }))).toEqual({ status: 'retired', expert_id: ID, name: 'Ada Lane' });
  });

  it('evolve ignores console events for a stream that is not active (never throws)', () => {
    const stray: ExpertEvent = { type: 'expert.password_set', data: { expert_id: ID, password_id: 'pwd_x', set_at: T0 } };
    expect(foldExpert([stray])).toEqual({ status: 'initial' });
  });
});
