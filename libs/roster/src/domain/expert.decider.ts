/**
 * One expert of the roster, as the fold of its `expert-<spec_id>` stream (SPEC.md
 * "Expert roster entry"). Pure: time, ids and the credential hash come in with the command.
 * Decisions (docs/decisions.md "Router"): a change that changes nothing appends
 * nothing; a retired expert is gone for good (every command refused).
 */
import { DomainError } from '@eh/contracts';
import type { Availability, ExpertEvent, ExpertProfile } from '@eh/contracts';
import { acceptInvitation, evolveConsoleAccess, invite, NO_CONSOLE_ACCESS, type ConsoleAccess } from './expert-console-access';

export interface ActiveExpert extends ExpertProfile {
  status: 'active';
  expert_id: string;
  availability: Availability;
  /** The console sign-in (email, password) and the one open invitation. */
  console: ConsoleAccess;
}

export type ExpertState = { status: 'initial' } | ActiveExpert | { status: 'retired'; expert_id: string; name: string };

export type ExpertCommand =
  | { type: 'register'; expertId: string; profile: ExpertProfile; availability?: Availability; credentialHash: string; credentialLast4: string; now: string }
  | { type: 'update'; changes: Partial<ExpertProfile>; now: string }
  | { type: 'set_availability'; availability: Availability; now: string }
  | { type: 'retire'; now: string }
  /** `tokenSha256` is the hash of the one-time token; the token is never given to the decider. */
  | { type: 'invite'; invitationId: string; email: string; tokenSha256: string; expiresAt: string; now: string }
  /** `passwordId` names the stored argon2id hash (never in an event). */
  | { type: 'accept_invitation'; tokenSha256: string; passwordId: string; now: string };

export const initialExpertState: ExpertState = Object.freeze({ status: 'initial' });

export function evolveExpert(state: ExpertState, event: ExpertEvent): ExpertState {
  switch (event.type) {
    case 'expert.registered': {
      if (state.status !== 'initial') return state;
      const { expert_id, name, role, skills, tenure_years, median_turnaround_minutes, rate_credits_per_hour, availability } = event.data;
      return { status: 'active', expert_id, name, role, skills, tenure_years, median_turnaround_minutes, rate_credits_per_hour, availability, console: NO_CONSOLE_ACCESS };
    }
    case 'expert.updated':
      return state.status === 'active' ? { ...state, ...event.data.changes } : state;
    case 'expert.availability_changed':
      return state.status === 'active' ? { ...state, availability: event.data.availability } : state;
    case 'expert.retired':
      return state.status === 'active' ? { status: 'retired', expert_id: state.expert_id, name: state.name } : state;
    case 'expert.invited':
    case 'expert.invitation_accepted':
    case 'expert.password_set':
      return state.status === 'active' ? { ...state, console: evolveConsoleAccess(state.console, event) } : state;
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

function assertActive(state: ExpertState): asserts state is ActiveExpert {
  if (state.status === 'initial') throw new DomainError('not_found', 'expert not found');
  if (state.status === 'retired') throw new DomainError('invalid_state_transition', `expert ${state.expert_id} is retired`);
}

const PROFILE_FIELDS = ['name', 'role', 'skills', 'tenure_years', 'median_turnaround_minutes', 'rate_credits_per_hour'] as const satisfies readonly (keyof ExpertProfile)[];

/** Only the fields whose value differs from the current one. */
function changedFields(state: ActiveExpert, changes: Partial<ExpertProfile>): Partial<ExpertProfile> {
  const changed: Partial<ExpertProfile> = {};
  for (const field of PROFILE_FIELDS) {
    const next = changes[field];
    if (next !== undefined && JSON.stringify(next) !== JSON.stringify(state[field])) Object.assign(changed, { [field]: next });
  }
  return changed;
}

/**
 * A new expert is offline until they say otherwise (or operations set it): being offered live work
 * before anyone invited them to the console would only time offers out and slow every deployment.
 */
export const NEW_EXPERT_AVAILABILITY: Availability = 'offline';

export function decideExpert(command: ExpertCommand, state: ExpertState): ExpertEvent[] {
  switch (command.type) {
    case 'register': {
      if (state.status !== 'initial') throw new DomainError('invalid_state_transition', `expert ${command.expertId} already exists`);
      const data = {
        expert_id: command.expertId,
        ...command.profile,
        availability: command.availability ?? NEW_EXPERT_AVAILABILITY,
        credential_hash: command.credentialHash,
        credential_last4: command.credentialLast4,
        registered_at: command.now,
      };
      return [{ type: 'expert.registered', data }];
    }
    case 'update': {
      assertActive(state);
      const changes = changedFields(state, command.changes);
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'expert.updated', data: { expert_id: state.expert_id, changes, updated_at: command.now } }];
    }
    case 'set_availability':
      assertActive(state);
      if (state.availability === command.availability) return [];
      return [{ type: 'expert.availability_changed', data: { expert_id: state.expert_id, availability: command.availability, changed_at: command.now } }];
    case 'retire':
      assertActive(state);
      return [{ type: 'expert.retired', data: { expert_id: state.expert_id, retired_at: command.now } }];
    case 'invite':
      assertActive(state);
      return invite(state.expert_id, command);
    case 'accept_invitation':
      // A retired expert's invitation is as dead as a used one: the same 404, nothing to tell apart.
      if (state.status !== 'active') throw new DomainError('not_found', 'no open invitation with this token', 'token');
      return acceptInvitation(state.expert_id, state.console, command);
    default: {
      const unknown: never = command;
      throw new DomainError('invalid_request', `unknown expert command ${JSON.stringify(unknown)}`);
    }
  }
}

export const foldExpert = (events: readonly ExpertEvent[]): ExpertState => events.reduce(evolveExpert, initialExpertState);
