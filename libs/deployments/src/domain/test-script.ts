import type { Metadata } from '@eh/contracts';

/**
 * Scripted test mode (docs/decisions.md "Router"): with a `svc_test_` key, these
 * `metadata` keys tell the synthetic expert which branch to play, so an agent can exercise
 * every state it must handle without a human. Unknown values fall back to the default.
 *
 * - `test_script`:
 *   - `complete` (default): accept, start, publish synthesized output.
 *   - `ask_question`: accept, start, ask `test_question`, wait for the agent's reply (or the
 *     reply window → expired), then publish.
 *   - `decline`: never accept; the deployment expires at its SLA deadline, credits released.
 *   - `expert_cancel`: accept, then the expert cancels (`cancelled_by: expert`).
 *   - `stay_accepted`: accept and never start, so the agent can cancel an accepted deployment.
 * - `test_question`: the question `ask_question` asks (a default one otherwise).
 * - `test_duration_seconds`: the work takes this long from start to output (a delayed job,
 *   not a sleep), and `duration_seconds` reports it.
 */
export const TEST_SCRIPTS = ['complete', 'ask_question', 'decline', 'expert_cancel', 'stay_accepted'] as const;
export type TestScriptName = (typeof TEST_SCRIPTS)[number];

export interface TestScript {
  script: TestScriptName;
  question: string;
  /** null: publish as soon as work starts (or the reply arrives). */
  durationSeconds: number | null;
}

export const DEFAULT_TEST_QUESTION = 'Which audience should this speak to first?';
/** A bound so a typo cannot park a test deployment for days. */
export const MAX_TEST_DURATION_SECONDS = 24 * 60 * 60;

export function testScriptOf(metadata: Metadata): TestScript {
  const name = metadata.test_script;
  const script = TEST_SCRIPTS.find((candidate) => candidate === name) ?? 'complete';
  const question = typeof metadata.test_question === 'string' && metadata.test_question.trim() !== '' ? metadata.test_question : DEFAULT_TEST_QUESTION;
  return { script, question, durationSeconds: durationOf(metadata.test_duration_seconds) };
}

/** A number, or a numeric string (metadata values are often strings); anything else is ignored. */
function durationOf(value: Metadata[string] | undefined): number | null {
  const seconds = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  return Math.min(Math.round(seconds), MAX_TEST_DURATION_SECONDS);
}
