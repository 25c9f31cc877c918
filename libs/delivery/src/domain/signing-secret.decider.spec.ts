import type { SealedSecret, WebhookSigningSecretEvent } from '@eh/contracts';
import { deciderScript } from '@eh/contracts/testing';
import { decideSigningSecret, foldSigningSecret, signingVersions, type SigningSecretCommand } from './signing-secret.decider';

const WS = 'ws_01JBBBBBBBBBBBBBBBBBBBBBBB';
const ACTOR = { kind: 'member' as const, id: 'mem_1', label: 'a@example.com' };
const T = (seconds: number): string => new Date(Date.UTC(2030, 0, 1) + seconds * 1000).toISOString();
const sealed = (name: string): SealedSecret => ({ kid: 'k1', iv: 'iv', tag: 'tag', ct: name });
const create = (id = 'whs_1', now = T(0)): SigningSecretCommand => ({ type: 'create', workspace_id: WS, mode: 'test', secret_id: id, secret: sealed(id), now });
const reveal = (now = T(1)): SigningSecretCommand => ({ type: 'reveal', actor: ACTOR, now });
const rotate = (id: string, now: string, overlap = 60): SigningSecretCommand => ({
  type: 'rotate',
  secret_id: id,
  secret: sealed(id),
  overlap_seconds: overlap,
  actor: ACTOR,
  now,
});

const { run, refused } = deciderScript(decideSigningSecret, foldSigningSecret);
const ids = (events: WebhookSigningSecretEvent[], at: string): string[] => signingVersions(foldSigningSecret(events), at).map((v) => v.secret_id);

describe('webhook signing secret decider', () => {
  it('given nothing, when created, then it signs at once, not yet revealed; a second create changes nothing', () => {
    const events = run([create(), create('whs_2', T(3))]);
    expect(events).toEqual([
      {
        type: 'webhook_signing_secret.created',
        data: { workspace_id: WS, mode: 'test', secret_id: 'whs_1', sealed_secret: sealed('whs_1'), created_at: T(0) },
      },
    ]);
    expect(ids(events, T(1))).toEqual(['whs_1']);
    expect(signingVersions(foldSigningSecret(events), T(1))[0].revealed_at).toBeNull();
  });

  it('given a secret, when revealed, then it is marked shown; a second reveal is refused', () => {
    const events = run([create(), reveal(T(2))]);
    expect(events[1]).toEqual({
      type: 'webhook_signing_secret.revealed',
      data: { workspace_id: WS, mode: 'test', secret_id: 'whs_1', revealed_at: T(2), actor: ACTOR },
    });
    expect(refused([create(), reveal()], reveal(T(3)))).toBe('secret_already_revealed');
  });

  it('given a secret, when rotated, then both sign until the overlap ends, and the new one counts as shown', () => {
    const events = run([create(), rotate('whs_2', T(10), 60)]);
    expect(ids(events, T(69))).toEqual(['whs_2', 'whs_1']);
    expect(ids(events, T(70))).toEqual(['whs_2']);
    expect(refused([create(), rotate('whs_2', T(10))], reveal(T(11)))).toBe('secret_already_revealed');
  });

  it('keeps at most five versions', () => {
    const events = run([create(), ...Array.from({ length: 7 }, (_, i) => rotate(`whs_r${i}`, T(i + 1), 10_000))]);
    const state = foldSigningSecret(events);
    expect(state.status === 'active' && state.secrets).toHaveLength(5);
  });

  it.each([
    ['a reveal before creation', [], reveal(), 'not_found'],
    ['a rotation before creation', [], rotate('whs_2', T(1)), 'not_found'],
    ['a negative overlap', [create()], rotate('whs_2', T(1), -5), 'invalid_request'],
  ] as [string, SigningSecretCommand[], SigningSecretCommand, string][])('refuses %s', (_name, history, command, code) => {
    expect(refused(history, command)).toBe(code);
  });
});
