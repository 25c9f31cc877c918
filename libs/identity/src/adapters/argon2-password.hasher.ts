import { Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's baseline (19 MiB, 2 passes, 1 lane): about 30 ms per hash on one core
 * here, slow enough to make guessing costly, fast enough for sign-in on two shared cores. The
 * parameters are in each PHC string, so raising them later leaves old hashes verifiable.
 */
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    // A malformed stored hash verifies nothing; it must not become a 500 on sign-in.
    return false;
  }
}

/**
 * Sign-in with an unknown email still spends one verification on this hash, so the answer's
 * timing does not tell which emails have accounts.
 */
let decoy: Promise<string> | undefined;
export const decoyPasswordHash = (): Promise<string> => (decoy ??= hash('decoy password that matches nothing', OPTIONS));
