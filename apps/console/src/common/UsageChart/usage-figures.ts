/** The overview's figures, pure so the unit tests read them without a browser. */

export interface DayUsage {
  date: string;
  credits_charged: number;
  deployments_completed: number;
}

const DAY_MS = 86_400_000;
export const THRESHOLD_PERCENTS = [50, 80, 95] as const;

export interface ForecastPoint {
  /** Days from now (0 = now). */
  day: number;
  at: string;
  remaining: number;
}

export interface Forecast {
  points: ForecastPoint[];
  /** Days shown, from now to the later of the cycle's end and the depletion (at most `maxDays`). */
  spanDays: number;
  /** Where the cycle ends, in days from now (null when past or unknown). */
  cycleEndDay: number | null;
  /** Where the credits run out at this burn rate, in days from now (null: not within the span, or nothing burns). */
  depletionDay: number | null;
}

/**
 * Credits remaining from now on at a steady burn rate: a straight line to zero at the forecasted
 * depletion, drawn to the later of the cycle's end and the depletion (at most `maxDays` ahead).
 */
export function forecastSeries(input: {
  now: number;
  remaining: number;
  burnPerDay: number;
  cycleEnd: string | null;
  depletion: string | null;
  maxDays?: number;
}): Forecast {
  const maxDays = input.maxDays ?? 90;
  const days = (iso: string | null) => (iso ? (Date.parse(iso) - input.now) / DAY_MS : null);
  const cycleEnd = days(input.cycleEnd);
  const depletionRaw = days(input.depletion) ?? (input.burnPerDay > 0 ? input.remaining / input.burnPerDay : null);
  const cycleEndDay = cycleEnd !== null && cycleEnd > 0 ? cycleEnd : null;
  const depletionDay = depletionRaw !== null && depletionRaw >= 0 && depletionRaw <= maxDays ? depletionRaw : null;
  const spanDays = Math.min(maxDays, Math.max(7, Math.ceil(Math.max(cycleEndDay ?? 0, depletionDay ?? 0))));
  const at = (day: number) => new Date(input.now + day * DAY_MS).toISOString();
  const remainingAt = (day: number) => Math.max(0, Math.round(input.remaining - input.burnPerDay * day));
  const marks = new Set<number>([0, spanDays]);
  if (depletionDay !== null) marks.add(depletionDay);
  if (cycleEndDay !== null && cycleEndDay <= spanDays) marks.add(cycleEndDay);
  // A whole-day step keeps the table readable; the line itself needs only its ends and the bend at zero.
  const step = Math.max(1, Math.ceil(spanDays / 10));
  for (let day = step; day < spanDays; day += step) marks.add(day);
  const points = [...marks].sort((a, b) => a - b).map((day) => ({ day, at: at(day), remaining: remainingAt(day) }));
  return { points, spanDays, cycleEndDay, depletionDay };
}

export interface CycleThreshold {
  percent: number;
  credits: number;
  crossed: boolean;
}

export interface CycleUsage {
  /** Credits charged since the cycle began (days on or after its first day). */
  charged: number;
  cap: number;
  /** Share of the cap used, 0–100+ (null without a cap). */
  percent: number | null;
  thresholds: CycleThreshold[];
}

/** How much of the cycle's cap is used, and which thresholds (50, 80, 95 %) are crossed. */
export function cycleUsage(days: DayUsage[], cycleStart: string, cap: number): CycleUsage {
  const firstDay = cycleStart.slice(0, 10);
  const charged = days.filter((day) => day.date >= firstDay).reduce((sum, day) => sum + day.credits_charged, 0);
  const percent = cap > 0 ? (charged / cap) * 100 : null;
  const thresholds = THRESHOLD_PERCENTS.map((share) => {
    const credits = Math.ceil((cap * share) / 100);
    return { percent: share, credits, crossed: cap > 0 && charged >= credits };
  });
  return { charged, cap, percent, thresholds };
}

/** A round upper bound for an axis: 1, 2 or 5 times a power of ten, at least the largest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}
