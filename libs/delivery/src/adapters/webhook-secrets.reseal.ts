import { type SealedSecret, type SecretField } from '@eh/contracts';
import { SecretOpenError, UnknownSecretKeyError, withTransaction } from '@eh/platform';
import type { Pool } from 'pg';
import { webhookSecretAad } from '../domain/stored-secret';

/** What re-sealing needs of the cipher (SecretCipher). */
export interface SecretResealer {
  readonly activeKeyId: string;
  seal(plaintext: string, aad: string): SealedSecret;
  open(sealed: SealedSecret, aad: string): string;
  isCurrent(sealed: SealedSecret): boolean;
}

export interface ResealReport {
  object: 'secrets_reencryption';
  active_key_id: string;
  /** Endpoint events carrying a secret. */
  examined: number;
  /** Sealed under an older key, now under the active one. */
  resealed: number;
  /** Written in plaintext earlier, now sealed. */
  sealed_plaintext: number;
  /** Sealed secrets that did not open (key missing from the keyring, altered or moved row): left as they are. */
  failed: { event_id: string; error: string }[];
}

type SecretData = SecretField & { workspace_id: string; endpoint_id?: string; secret_id?: string };

/**
 * Every event type carrying a secret, including partners' endpoints and the `webhook_url`
 * signing secrets, which bind their sealing to the secret's own id instead of an endpoint's.
 */
const SECRET_TYPES = [
  'webhook_endpoint.registered',
  'webhook_endpoint.secret_rotated',
  'webhook_endpoint.created',
  'webhook_signing_secret.created',
  'webhook_signing_secret.rotated',
];

/** The same secret under the active key, or null when it already is. */
function resealed(data: SecretData, cipher: SecretResealer): SecretData | null {
  const aad = webhookSecretAad(data.workspace_id, data.endpoint_id ?? data.secret_id ?? '');
  if ('sealed_secret' in data) {
    if (cipher.isCurrent(data.sealed_secret)) return null;
    return { ...data, sealed_secret: cipher.seal(cipher.open(data.sealed_secret, aad), aad) };
  }
  const { secret, ...rest } = data;
  return { ...rest, sealed_secret: cipher.seal(secret, aad) };
}

/**
 * `ops secrets:reencrypt`: rewrites, in place, every endpoint event whose secret is in
 * plaintext or sealed under a key other than the active one, so an old key can leave
 * SECRETS_KEYRING and no plaintext is left in the table. The only sanctioned change to a stored
 * event: its meaning (the secret) is the same, only its encoding changes, and nothing folds
 * differently. One short transaction per row (locked, checked again), so it runs beside live
 * services and can be run twice.
 */
export async function resealWebhookSecrets(pool: Pool, cipher: SecretResealer, batchSize = 200): Promise<ResealReport> {
  const report: ResealReport = { object: 'secrets_reencryption', active_key_id: cipher.activeKeyId, examined: 0, resealed: 0, sealed_plaintext: 0, failed: [] };
  let after = '0';
  for (;;) {
    const page = await pool.query<{ global_position: string; event_id: string }>(
      'SELECT global_position, event_id FROM events WHERE event_type = ANY($1) AND global_position > $2 ORDER BY global_position LIMIT $3',
      [SECRET_TYPES, after, batchSize],
    );
    for (const { global_position: position, event_id: eventId } of page.rows) {
      report.examined++;
      const outcome = await withTransaction(pool, async (tx) => {
        const { rows } = await tx.query<{ data: SecretData }>('SELECT data FROM events WHERE global_position = $1 FOR UPDATE', [position]);
        const next = rows[0] ? resealed(rows[0].data, cipher) : null;
        if (!next) return 'current';
        await tx.query('UPDATE events SET data = $2 WHERE global_position = $1', [position, JSON.stringify(next)]);
        return 'sealed_secret' in rows[0].data ? 'resealed' : 'sealed_plaintext';
      }).catch((error: unknown) => {
        // One bad row must not keep every other secret on the old key: reported, run continues.
        if (!(error instanceof UnknownSecretKeyError || error instanceof SecretOpenError)) throw error;
        report.failed.push({ event_id: eventId, error: error.message });
        return 'current' as const;
      });
      if (outcome !== 'current') report[outcome]++;
    }
    if (page.rows.length < batchSize) return report;
    after = page.rows[page.rows.length - 1].global_position;
  }
}
