/**
 * The brief of the deployment a handoff opens: the goal as the agent wrote it, then
 * one line each for what the expert needs to know and the request carries. Deterministic, so a
 * retried open writes the same brief.
 */
export interface HandoffBriefInput {
  goal: string;
  outcome: string;
  surface: string;
  artifact: string;
  trigger: string | null;
  files: readonly string[];
  memory_keys: readonly string[];
}

export function handoffBrief(input: HandoffBriefInput): string {
  const lines = [
    `Outcome wanted: ${input.outcome}. Return: ${input.artifact}. Surface: ${input.surface}.`,
    input.trigger === null ? null : `Trigger: ${input.trigger}.`,
    input.files.length === 0 ? null : `Files referred to: ${input.files.join(', ')}.`,
    input.memory_keys.length === 0 ? null : `Brand memory named: ${input.memory_keys.join(', ')}.`,
  ].filter((line): line is string => line !== null);
  return `${input.goal.trim()}\n\n${lines.join('\n')}`;
}
