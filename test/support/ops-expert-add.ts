import type { RunningServices } from './service-harness';

/** A roster entry as `ops expert:add` takes it, one flag a field. */
export interface CliExpertProfile {
  name: string;
  role: string;
  skills: readonly string[];
  tenureYears: number;
  turnaroundMinutes: number;
  rate: number;
  availability?: 'online' | 'busy' | 'offline';
}

/** Adds an expert the way operations do, with `npm run ops -- expert:add`; returns the CLI's JSON. */
export function addExpertWithCli<T = unknown>(services: Pick<RunningServices, 'ops'>, profile: CliExpertProfile): Promise<T> {
  const args = [
    ...['--name', profile.name, '--role', profile.role, '--skills', profile.skills.join(',')],
    ...['--tenure-years', String(profile.tenureYears), '--turnaround-minutes', String(profile.turnaroundMinutes), '--rate', String(profile.rate)],
  ];
  if (profile.availability) args.push('--availability', profile.availability);
  return services.ops<T>('expert:add', ...args);
}

/** An expert for a test that needs someone on the roster, or checks what the CLI stores of each flag. */
export const SAMPLE_EXPERT: CliExpertProfile = {
  name: 'Ada Lane',
  role: 'Brand strategist',
  skills: ['positioning', 'naming'],
  tenureYears: 6,
  turnaroundMinutes: 40,
  rate: 90,
};
