const LOCALHOST_NAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a Host header (`127.0.0.1:3100`) or an Origin (`http://localhost:5173`) names this
 * machine. Port-agnostic, like the SDK's `localhostHostValidation`; anything unparsable is refused.
 */
export function isLocalhostAddress(value: string | undefined): boolean {
  if (!value) return false;
  try {
    const url = new URL(value.includes('://') ? value : `http://${value}`);
    return LOCALHOST_NAMES.has(url.hostname);
  } catch {
    return false;
  }
}
