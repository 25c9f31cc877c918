/**
 * What a console password must be. NIST SP 800-63B's advice: length over composition
 * rules, refuse known-bad choices, never truncate. Lengths count characters (code points), so a
 * passphrase in any script is measured as its reader sees it.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/** Passwords of 12+ characters that lead every breached-password list; refused whatever the case. */
const COMMON_PASSWORDS = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456789abc',
  '1q2w3e4r5t6y',
  'qwertyuiopas',
  'qwerty123456',
  '123456qwerty',
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  'iloveyou1234',
  'letmein12345',
  'welcome12345',
  'administrator',
  'changeme1234',
  'expertconsole',
]);

export interface PasswordContext {
  /** The sign-in email: the password must not be it. */
  email?: string | null;
  /** The person's name, likewise. */
  name?: string | null;
}

/** Null when acceptable, else why not (a sentence naming `password`). */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  const characters = [...password];
  if (characters.length < PASSWORD_MIN_LENGTH) return `password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (characters.length > PASSWORD_MAX_LENGTH) return `password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  if (password.trim() === '') return 'password must not be only spaces';
  if (new Set(characters).size < 4) return 'password repeats too few characters; use a longer phrase';
  const folded = password.toLowerCase();
  if (COMMON_PASSWORDS.has(folded)) return 'password is one of the most common passwords; choose another';
  const email = context.email?.toLowerCase();
  if (email && (folded === email || folded === email.split('@')[0])) return 'password must not be your email address';
  const name = context.name?.toLowerCase().replace(/\s+/g, '');
  if (name && folded.replace(/\s+/g, '') === name) return 'password must not be your name';
  return null;
}
