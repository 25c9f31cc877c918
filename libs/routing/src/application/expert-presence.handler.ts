import { deriveEventId, DomainError, expertStreamName, newId, type Availability } from '@eh/contracts';
import { handleCommand, type EventStore, type SnapshotCache } from '@eh/event-store';
import type { ExpertSelfEntry } from '../adapters/roster-view.query';
import { availableUntilFor } from '../domain/available-until';
import { type ExpertCommand, type ExpertState, expertDecider } from '../domain/expert.decider';
import { ROSTER_SCOPE, runExpertCommand } from './manage-roster.handler';

/**
 * The expert sets their own availability, optionally `online` until a time (validated here: future,
 * at most seven days; 400 naming `available_until` otherwise). Answers with what the console shows.
 */
export async function setOwnAvailability(
  store: EventStore,
  expertId: string,
  input: { availability: Availability; availableUntil?: string | null },
  now: Date,
  correlationId = newId('request'),
): Promise<ExpertSelfEntry> {
  const availableUntil = availableUntilFor(input.availability, input.availableUntil, now);
  const at = now.toISOString();
  const state = await runExpertCommand(
    store,
    expertId,
    { type: 'set_availability', availability: input.availability, availableUntil, now: at },
    correlationId,
    at,
  );
  if (state.status !== 'active') throw new DomainError('invalid_state_transition', `expert ${expertId} is ${state.status}`);
  const { expert_id, name, role, skills, tenure_years, median_turnaround_minutes, availability, rate_credits_per_hour, available_until } = state;
  return { id: expert_id, name, role, skills, tenure_years, median_turnaround_minutes, availability, rate_credits_per_hour, available_until };
}

/** What made the service change the expert's stream: the event ids of the change derive from it. */
export interface PresenceCause {
  eventId: string;
  correlationId: string;
}

/**
 * A command the service itself runs on an expert's stream (a lapse, an answer, an ended
 * `available_until`). Event ids derive from the cause, so a redelivered cause that decides the
 * same events again is recognised as the same append; the decider is idempotent besides.
 * `folds`: the expert streams' states this process kept, so a command reads only the events
 * appended since (an expert's stream grows with every change of availability, for years).
 */
export async function runServiceExpertCommand(
  store: EventStore,
  expertId: string,
  command: ExpertCommand,
  cause: PresenceCause,
  now: string,
  folds?: SnapshotCache<ExpertState>,
): Promise<{ state: ExpertState; appended: string[] }> {
  const result = await handleCommand(
    store,
    expertDecider,
    expertStreamName(expertId),
    command,
    {
      workspaceId: ROSTER_SCOPE,
      correlationId: cause.correlationId,
      causationId: cause.eventId,
      now,
      eventId: (index) => deriveEventId(cause.eventId, `expert-presence-${expertId}-${command.type}`, index),
    },
    { snapshots: folds },
  );
  return { state: result.state, appended: result.events.map((event) => event.type) };
}

/** The sweep's step for one expert past their `available_until`: offline, unless they changed it since (then nothing). */
export async function endAvailableUntil(store: EventStore, expertId: string, now: Date): Promise<ExpertState> {
  const at = now.toISOString();
  return runExpertCommand(store, expertId, { type: 'end_available_until', now: at }, newId('request'), at);
}
