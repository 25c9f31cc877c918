/** How a plan reads to people, on every page that shows one. */

interface PlanFigures {
  name: string;
  cycle_cap_credits: number;
  cycle_days: number;
  in_flight_limit: number;
}

/**
 * "standard (customised)" when operations changed a figure and kept the preset's name: `customised`
 * comes from the server (the dashboard), or is worked out from the presets (operations' pages).
 */
export function planName(plan: PlanFigures, presetsOrCustomised: PlanFigures[] | boolean | undefined): string {
  const customised =
    typeof presetsOrCustomised === 'boolean'
      ? presetsOrCustomised
      : (presetsOrCustomised ?? []).some(
          (preset) =>
            preset.name === plan.name &&
            (preset.cycle_cap_credits !== plan.cycle_cap_credits || preset.cycle_days !== plan.cycle_days || preset.in_flight_limit !== plan.in_flight_limit),
        );
  return customised ? `${plan.name} (customised)` : plan.name;
}

/**
 * A cap of 0 includes no credits each cycle (the workspace spends what was granted to it): said so,
 * never "0 credits a cycle", which reads as a plan that can do nothing.
 */
export function capText(plan: { cycle_cap_credits: number }): string {
  return plan.cycle_cap_credits === 0
    ? 'no credits included each cycle (granted credits only)'
    : `${plan.cycle_cap_credits.toLocaleString()} credits included each cycle`;
}
