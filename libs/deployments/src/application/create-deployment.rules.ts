import { DomainError, type KeyMode, type Urgency } from '@eh/contracts';
import { exampleOutputData } from '../domain/output-schema/output-data.example';
import { outputSchemaCompileError } from '../domain/output-schema/output-data.validator';
import { outputSchemaProblem } from '../domain/output-schema/output-schema.rules';

export interface ScheduleInput {
  urgency: Urgency;
  scheduled_for: string | null;
}

/**
 * The furthest ahead a deployment may be scheduled (docs/decisions.md "Edge hardening").
 * A scheduled deployment holds its credits and an in-flight slot from creation, so the bound
 * caps how long a mistaken date can hold them; a year covers any real planning horizon (an
 * annual report), and no period the API publishes lasts longer.
 */
export const MAX_SCHEDULE_AHEAD_DAYS = 365;

/**
 * Cross-field rules the field validators cannot see (POST /v1/deployments):
 * `scheduled_for` only with `scheduled`, required by it, a time JavaScript can represent
 * (ISO 8601 also allows week and ordinal dates, which the validator passes and Date cannot
 * read), at least the lead time and at most MAX_SCHEDULE_AHEAD_DAYS ahead.
 * Returns the parsed schedule time.
 */
export function checkSchedule(input: ScheduleInput, now: Date, leadSeconds: number): Date | null {
  if (input.urgency !== 'scheduled') {
    if (input.scheduled_for !== null) {
      throw new DomainError('invalid_request', 'scheduled_for is only accepted with urgency "scheduled"', 'scheduled_for');
    }
    return null;
  }
  if (input.scheduled_for === null) {
    throw new DomainError('invalid_request', 'scheduled_for is required when urgency is "scheduled"', 'scheduled_for');
  }
  const scheduledFor = new Date(input.scheduled_for);
  if (Number.isNaN(scheduledFor.getTime())) {
    throw new DomainError('invalid_request', 'scheduled_for must be a calendar date-time such as 2026-12-01T09:00:00Z', 'scheduled_for');
  }
  if (scheduledFor.getTime() > now.getTime() + MAX_SCHEDULE_AHEAD_DAYS * 86_400_000) {
    throw new DomainError('invalid_request', `scheduled_for must be at most ${MAX_SCHEDULE_AHEAD_DAYS} days in the future`, 'scheduled_for');
  }
  if (scheduledFor.getTime() < now.getTime() + leadSeconds * 1000) {
    const minutes = Math.round(leadSeconds / 60);
    throw new DomainError('invalid_request', `scheduled_for must be at least ${minutes} minutes in the future`, 'scheduled_for');
  }
  return scheduledFor;
}

/**
 * An agent's output schema is one this service takes (the rules, then ajv's own compile), and in
 * test mode one the scripted expert can answer: a test deployment exists to exercise the
 * integration's handling of a typed answer, so one that could never get one is refused up front.
 */
export function checkOutputSchema(schema: unknown, mode: KeyMode): void {
  const problem = outputSchemaProblem(schema);
  if (problem) throw new DomainError('invalid_request', `output_schema${problem.path ? ` at ${problem.path}` : ''}: ${problem.message}`, 'output_schema');
  const compileError = outputSchemaCompileError(schema as object);
  if (compileError) throw new DomainError('invalid_request', `output_schema is not a valid JSON Schema: ${compileError}`, 'output_schema');
  if (mode === 'test' && exampleOutputData(schema as object) === null) {
    throw new DomainError(
      'invalid_request',
      'output_schema: test mode cannot make an answer for this schema (a string with a pattern needs an example in "examples"); give one, or try it in live mode',
      'output_schema',
    );
  }
}
