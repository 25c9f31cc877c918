/**
 * Time worked and the charge: time is tracked from `start` unless the expert sets it;
 * the charge is proposed from the expert's rate and that time, and never more than the workspace
 * reserved (the ledger would refuse more: docs/decisions.md "Ledger").
 */
export interface FigureInputs {
  startedAt: string | null | undefined;
  /** The expert's own figures (null: not set). */
  durationSeconds: number | null;
  credits: number | null;
  /** Credits per hour, when known. */
  rate: number | undefined;
  cap: number;
  now: number;
}

export interface Figures {
  trackedSeconds: number;
  durationSeconds: number;
  proposedCredits: number;
  credits: number;
}

export function workFigures({ startedAt, durationSeconds, credits, rate, cap, now }: FigureInputs): Figures {
  const trackedSeconds = startedAt ? Math.max(0, Math.floor((now - Date.parse(startedAt)) / 1000)) : 0;
  const duration = durationSeconds ?? trackedSeconds;
  const proposedCredits = rate === undefined ? cap : Math.min(cap, Math.ceil((rate * duration) / 3600));
  return { trackedSeconds, durationSeconds: duration, proposedCredits, credits: credits ?? proposedCredits };
}

export function chargeError(credits: number, cap: number): string | null {
  if (!Number.isInteger(credits) || credits < 0) return 'Enter a whole number of credits, 0 or more.';
  if (credits > cap) return `At most ${cap} credits: that is what the workspace reserved for this work.`;
  return null;
}
