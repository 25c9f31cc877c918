import { createHash } from 'node:crypto';

/** As long as the cursor secret: a shorter operations credential is guessable. */
export const MIN_ADMIN_API_KEY_LENGTH = 32;

/**
 * SHA-256 of `ADMIN_API_KEY`, or null when it is unset (the admin API then refuses everything).
 * A key shorter than 32 characters stops the service at start rather than guard /admin/v1 weakly.
 */
export function adminKeyHashFrom(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (raw.length < MIN_ADMIN_API_KEY_LENGTH) {
    throw new Error(`ADMIN_API_KEY must be at least ${MIN_ADMIN_API_KEY_LENGTH} characters (it has ${raw.length}); e.g. openssl rand -hex 32`);
  }
  return createHash('sha256').update(raw).digest('hex');
}
