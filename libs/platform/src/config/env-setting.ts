/** The process environment as the config loaders read it. */
export type Env = Record<string, string | undefined>;

/** An integer setting: its fallback when unset or empty, refused at start below `min`. */
export function integerSetting(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be ${min === 0 ? 'a non-negative integer' : `an integer of at least ${min}`}, got "${raw}"`);
  return value;
}
