import { DomainError, expertStreamName, newId, type Availability, type ExpertProfile } from '@eh/contracts';
import { handleCommand, type EventStore } from '@eh/event-store';
import { generateExpertCredential } from '../adapters/expert-credential';
import type { RosterEntry } from '../adapters/roster-view.query';
import { expertDecider, type ActiveExpert, type ExpertCommand, type ExpertState } from '../domain/expert.decider';

/** workspace_id of roster events (metadata requires one). */
export const ROSTER_SCOPE = 'roster';

export interface RegisteredExpert {
  expert: RosterEntry;
  /** `svc_expert_…`, shown once; only its hash is stored. */
  credential: string;
}

const toEntry = (state: ActiveExpert): RosterEntry => ({
  id: state.expert_id,
  name: state.name,
  role: state.role,
  skills: state.skills,
  tenure_years: state.tenure_years,
  median_turnaround_minutes: state.median_turnaround_minutes,
  availability: state.availability,
  rate_credits_per_hour: state.rate_credits_per_hour,
});

/** One command on the expert's stream: load, fold, decide, append with the expected revision. */
export async function runExpertCommand(store: EventStore, expertId: string, command: ExpertCommand, correlationId: string, now: string): Promise<ExpertState> {
  const result = await handleCommand(store, expertDecider, expertStreamName(expertId), command, {
    // The roster belongs to no workspace; its events say so rather than borrow one.
    workspaceId: ROSTER_SCOPE,
    correlationId,
    causationId: null,
    now,
  });
  return result.state;
}

function active(state: ExpertState, expertId: string): RosterEntry {
  if (state.status !== 'active') throw new DomainError('invalid_state_transition', `expert ${expertId} is ${state.status}`);
  return toEntry(state);
}

/** Operations add an expert (`spec_<ulid>`); new experts are `offline` unless told otherwise (the decider's rule). */
export async function registerExpert(
  store: EventStore,
  input: { profile: ExpertProfile; availability?: Availability },
  now: Date,
  correlationId = newId('request'),
): Promise<RegisteredExpert> {
  const expertId = newId('expert');
  const generated = generateExpertCredential();
  const at = now.toISOString();
  const command: ExpertCommand = {
    type: 'register',
    expertId,
    profile: input.profile,
    ...(input.availability ? { availability: input.availability } : {}),
    credentialHash: generated.hash,
    credentialLast4: generated.last4,
    now: at,
  };
  return { expert: active(await runExpertCommand(store, expertId, command, correlationId, at), expertId), credential: generated.credential };
}

export async function updateExpert(
  store: EventStore,
  expertId: string,
  changes: Partial<ExpertProfile>,
  now: Date,
  correlationId = newId('request'),
): Promise<RosterEntry> {
  const at = now.toISOString();
  return active(await runExpertCommand(store, expertId, { type: 'update', changes, now: at }, correlationId, at), expertId);
}

export async function setExpertAvailability(
  store: EventStore,
  expertId: string,
  availability: Availability,
  now: Date,
  correlationId = newId('request'),
): Promise<RosterEntry> {
  const at = now.toISOString();
  return active(await runExpertCommand(store, expertId, { type: 'set_availability', availability, now: at }, correlationId, at), expertId);
}

export async function retireExpert(store: EventStore, expertId: string, now: Date, correlationId = newId('request')): Promise<{ id: string; retired: true }> {
  const at = now.toISOString();
  await runExpertCommand(store, expertId, { type: 'retire', now: at }, correlationId, at);
  return { id: expertId, retired: true };
}
