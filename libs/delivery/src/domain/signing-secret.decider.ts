/**
 * The secret that signs deliveries to a deployment's `webhook_url`, one per workspace and
 * mode, on `webhook_signing_secret-<ws_id>-<mode>`. It exists before anyone asks for it (created on
 * first need, by whoever needs it first), so a `webhook_url` given on create is signed with no other
 * step. The current secret is shown once (reveal); a rotation shows the new one and keeps the
 * previous one signing for an overlap.
 */
import { DomainError, type Actor, type Decider, type KeyMode, type SealedSecret, type WebhookSigningSecretEvent, unhandled } from '@eh/contracts';

export interface SigningSecretVersion {
  secret_id: string;
  sealed: SealedSecret;
  created_at: string;
  /** null: the current secret. */
  expires_at: string | null;
  revealed_at: string | null;
}

export type SigningSecretState =
  | { status: 'none' }
  | { status: 'active'; workspace_id: string; mode: KeyMode; secrets: SigningSecretVersion[]; created_at: string };

export type SigningSecretCommand =
  | { type: 'create'; workspace_id: string; mode: KeyMode; secret_id: string; secret: SealedSecret; now: string }
  | { type: 'reveal'; actor: Actor; now: string }
  | { type: 'rotate'; secret_id: string; secret: SealedSecret; overlap_seconds: number; actor: Actor; now: string };

const KEPT_SECRETS = 5;

export const initialSigningSecretState: SigningSecretState = Object.freeze({ status: 'none' });

export function evolveSigningSecret(state: SigningSecretState, event: WebhookSigningSecretEvent): SigningSecretState {
  switch (event.type) {
    case 'webhook_signing_secret.created': {
      if (state.status === 'active') return state;
      const { workspace_id, mode, secret_id, sealed_secret, created_at } = event.data;
      return {
        status: 'active',
        workspace_id,
        mode,
        created_at,
        secrets: [{ secret_id, sealed: sealed_secret, created_at, expires_at: null, revealed_at: null }],
      };
    }
    case 'webhook_signing_secret.revealed':
      if (state.status !== 'active') return state;
      return { ...state, secrets: state.secrets.map((s) => (s.secret_id === event.data.secret_id ? { ...s, revealed_at: event.data.revealed_at } : s)) };
    case 'webhook_signing_secret.rotated': {
      if (state.status !== 'active') return state;
      const { secret_id, sealed_secret, previous_secret_expires_at, rotated_at } = event.data;
      const previous = state.secrets.map((s) => (s.expires_at === null ? { ...s, expires_at: previous_secret_expires_at } : s));
      // The rotation's answer shows the new secret: it is revealed from the start.
      const current: SigningSecretVersion = { secret_id, sealed: sealed_secret, created_at: rotated_at, expires_at: null, revealed_at: rotated_at };
      return { ...state, secrets: [current, ...previous].slice(0, KEPT_SECRETS) };
    }
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

const missing = (): DomainError => new DomainError('not_found', 'the workspace has no signing secret for this mode yet');

export function decideSigningSecret(command: SigningSecretCommand, state: SigningSecretState): WebhookSigningSecretEvent[] {
  switch (command.type) {
    case 'create': {
      // Whoever needs it first creates it; everyone else finds it there.
      if (state.status === 'active') return [];
      const { workspace_id, mode, secret_id, secret, now } = command;
      return [{ type: 'webhook_signing_secret.created', data: { workspace_id, mode, secret_id, sealed_secret: secret, created_at: now } }];
    }
    case 'reveal': {
      if (state.status !== 'active') throw missing();
      const current = state.secrets[0];
      if (current.revealed_at !== null)
        throw new DomainError('secret_already_revealed', `the signing secret was already shown (${current.revealed_at}); rotate it to get a new one`);
      return [
        {
          type: 'webhook_signing_secret.revealed',
          data: { workspace_id: state.workspace_id, mode: state.mode, secret_id: current.secret_id, revealed_at: command.now, actor: command.actor },
        },
      ];
    }
    case 'rotate': {
      if (state.status !== 'active') throw missing();
      if (!Number.isInteger(command.overlap_seconds) || command.overlap_seconds < 0)
        throw new DomainError('invalid_request', 'overlap_seconds must be a non-negative integer', 'overlap_seconds');
      const previousExpiresAt = new Date(Date.parse(command.now) + command.overlap_seconds * 1000).toISOString();
      return [
        {
          type: 'webhook_signing_secret.rotated',
          data: {
            workspace_id: state.workspace_id,
            mode: state.mode,
            secret_id: command.secret_id,
            sealed_secret: command.secret,
            previous_secret_expires_at: previousExpiresAt,
            rotated_at: command.now,
            actor: command.actor,
          },
        },
      ];
    }
    default:
      return unhandled('signing secret command', command);
  }
}

/** The versions that sign at `now`, newest first. */
export function signingVersions(state: SigningSecretState, now: string): SigningSecretVersion[] {
  if (state.status !== 'active') return [];
  const at = Date.parse(now);
  return state.secrets.filter((s) => s.expires_at === null || Date.parse(s.expires_at) > at);
}

export const foldSigningSecret = (events: readonly WebhookSigningSecretEvent[]): SigningSecretState =>
  events.reduce(evolveSigningSecret, initialSigningSecretState);

export const signingSecretDecider: Decider<SigningSecretCommand, WebhookSigningSecretEvent, SigningSecretState> = {
  initialState: initialSigningSecretState,
  evolve: evolveSigningSecret,
  decide: decideSigningSecret,
};
