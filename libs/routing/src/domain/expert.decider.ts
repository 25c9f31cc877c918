/**
 * One expert of the roster, as the fold of its `expert-<spec_id>` stream (an
 * expert roster entry). Pure: time, ids and the credential hash come in with the command.
 * Decisions (docs/decisions.md "Router"): a change that changes nothing appends
 * nothing; a retired expert is gone for good (every command refused).
 */
import { DomainError, type Decider } from '@eh/contracts';
import type { Availability, ExpertEvent, ExpertProfile } from '@eh/contracts';
import { acceptInvitation, evolveConsoleAccess, invite, NO_CONSOLE_ACCESS, type ConsoleAccess } from './expert-console-access';
import { availabilityEnded } from './available-until';
import { decideAnswer, decideLapse, evolveLapses, NO_LAPSES, type LapseStreak, type OfferRef } from './offer-lapses';

export interface ActiveExpert extends ExpertProfile {
  status: 'active';
  expert_id: string;
  availability: Availability;
  /** `online` until this time (then offline for routing); null: no end. */
  available_until: string | null;
  /** The console sign-in (email, password) and the one open invitation. */
  console: ConsoleAccess;
  /** Offers that lapsed unanswered since the expert last acted (offer-lapses.ts). */
  lapses: LapseStreak;
}

export type ExpertState = { status: 'initial' } | ActiveExpert | { status: 'retired'; expert_id: string; name: string };

export type ExpertCommand =
  | { type: 'register'; expertId: string; profile: ExpertProfile; availability?: Availability; credentialHash: string; credentialLast4: string; now: string }
  | { type: 'update'; changes: Partial<ExpertProfile>; now: string }
  /** `availableUntil` is validated by the caller (available-until.ts): online only, future, at most 7 days. */
  | { type: 'set_availability'; availability: Availability; availableUntil?: string | null; now: string }
  /** The router saw `deployment.offer_expired` for an offer to this expert. */
  | { type: 'record_lapse'; offer: OfferRef; expiredAt: string }
  /** The router saw the expert accept or decline an offer. */
  | { type: 'record_answer'; offer: { deploymentId: string; offerNumber: number | null }; answeredAt: string }
  /** The sweep found the `available_until` passed: offline, unless the expert changed it since. */
  | { type: 'end_available_until'; now: string }
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
      return {
        status: 'active',
        expert_id,
        name,
        role,
        skills,
        tenure_years,
        median_turnaround_minutes,
        rate_credits_per_hour,
        availability,
        available_until: null,
        console: NO_CONSOLE_ACCESS,
        lapses: NO_LAPSES,
      };
    }
    case 'expert.updated':
      return state.status === 'active' ? { ...state, ...event.data.changes } : state;
    case 'expert.availability_changed':
      return state.status === 'active'
        ? { ...state, availability: event.data.availability, available_until: event.data.available_until ?? null, lapses: evolveLapses(state.lapses, event) }
        : state;
    case 'expert.offer_lapsed':
    case 'expert.lapses_cleared':
      return state.status === 'active' ? { ...state, lapses: evolveLapses(state.lapses, event) } : state;
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

const PROFILE_FIELDS = [
  'name',
  'role',
  'skills',
  'tenure_years',
  'median_turnaround_minutes',
  'rate_credits_per_hour',
] as const satisfies readonly (keyof ExpertProfile)[];

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
    case 'set_availability': {
      assertActive(state);
      const availableUntil = command.availableUntil ?? null;
      if (state.availability === command.availability && state.available_until === availableUntil) return [];
      const data = {
        expert_id: state.expert_id,
        availability: command.availability,
        changed_at: command.now,
        available_until: availableUntil,
        reason: 'set' as const,
      };
      return [{ type: 'expert.availability_changed', data }];
    }
    // The three below come from the service itself, not a person: a retired or unknown expert has nothing to record.
    case 'record_lapse':
      if (state.status !== 'active') return [];
      return decideLapse(state.expert_id, state.lapses, state.availability === 'online', command.offer, command.expiredAt);
    case 'record_answer':
      if (state.status !== 'active') return [];
      return decideAnswer(state.expert_id, state.lapses, command.offer, command.answeredAt);
    case 'end_available_until':
      if (state.status !== 'active' || !availabilityEnded(state, new Date(command.now))) return [];
      return [
        {
          type: 'expert.availability_changed',
          // changed_at is the bound itself: the same event whenever the sweep gets to it.
          data: {
            expert_id: state.expert_id,
            availability: 'offline',
            changed_at: state.available_until as string,
            available_until: null,
            reason: 'available_until_passed',
          },
        },
      ];
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

export const expertDecider: Decider<ExpertCommand, ExpertEvent, ExpertState> = {
  initialState: initialExpertState,
  evolve: evolveExpert,
  decide: decideExpert,
};
