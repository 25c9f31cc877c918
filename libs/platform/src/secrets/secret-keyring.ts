import { createHash } from 'node:crypto';

/**
 * The key-encryption keys that seal secrets at rest: `SECRETS_KEYRING` is
 * `<key-id>:<base64 of 32 bytes>` entries, comma-separated. The first seals; every one opens,
 * so a key is rotated by putting a new one first, re-sealing (`ops secrets:reencrypt`), then
 * dropping the old one.
 */
export interface SecretKeyring {
  activeKeyId: string;
  keys: ReadonlyMap<string, Buffer>;
  /** The fixed key every development process derives alike; refused in production. */
  development: boolean;
}

const KEY_ID = /^[A-Za-z0-9._-]{1,64}$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

export const DEVELOPMENT_KEY_ID = 'dev-insecure';

export function parseSecretKeyring(raw: string): SecretKeyring {
  const keys = new Map<string, Buffer>();
  for (const entry of raw.split(',').map((part) => part.trim())) {
    const separator = entry.indexOf(':');
    const id = entry.slice(0, separator);
    const encoded = entry.slice(separator + 1);
    // Never echo the entry: it holds the key.
    if (separator < 0 || !KEY_ID.test(id))
      throw new Error('SECRETS_KEYRING entries must be <key-id>:<base64 key>, key ids of 1-64 letters, digits, ".", "_" or "-"');
    const key = Buffer.from(encoded, encoded.includes('-') || encoded.includes('_') ? 'base64url' : 'base64');
    if (!BASE64.test(encoded) || key.length !== 32) throw new Error(`SECRETS_KEYRING key "${id}" must be 32 bytes, base64-encoded`);
    if (keys.has(id)) throw new Error(`SECRETS_KEYRING lists key "${id}" twice`);
    keys.set(id, key);
  }
  const [activeKeyId] = keys.keys();
  return { activeKeyId, keys, development: false };
}

/**
 * The keyring from the environment. Without `SECRETS_KEYRING`: none in production
 * (`NODE_ENV=production`; whatever seals or opens a secret then refuses to start), else a fixed
 * development key, the same in every process, so local services and the CLI agree.
 */
export function loadSecretKeyring(env: Record<string, string | undefined>): SecretKeyring | null {
  const raw = env.SECRETS_KEYRING ?? '';
  if (raw.trim() !== '') return parseSecretKeyring(raw);
  if (env.NODE_ENV === 'production') return null;
  const key = createHash('sha256').update('expert-handoff development secrets key; public, never for production').digest();
  return { activeKeyId: DEVELOPMENT_KEY_ID, keys: new Map([[DEVELOPMENT_KEY_ID, key]]), development: true };
}
