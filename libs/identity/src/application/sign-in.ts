import type { SqlClient } from '@eh/platform';
import type { PasswordStore } from '../adapters/password.store';
import type { Principal } from '../adapters/session.store';

/* Checking a console sign-in, for members and operators alike. */

/** What checking a console sign-in takes. */
export interface SignInDeps {
  sql: SqlClient;
  passwords: PasswordStore;
}

/**
 * The account that signs in with this email when the password is its own, else null. `principalOf`
 * names whose password is checked, a stand-in when no account has the email: the check costs the
 * same either way (PasswordStore.verify).
 */
export async function accountSigningIn<Account extends { password_id: string | null }>(
  passwords: PasswordStore,
  input: { email: string; password: string },
  findByEmail: (email: string) => Promise<Account | null>,
  principalOf: (account: Account | null) => Principal,
): Promise<Account | null> {
  const account = await findByEmail(input.email.trim().toLowerCase());
  const matches = await passwords.verify(principalOf(account), account?.password_id ?? null, input.password);
  return matches && account ? account : null;
}
