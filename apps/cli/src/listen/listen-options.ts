import { randomBytes } from 'node:crypto';
import type { SignatureScheme } from '@eh/contracts';

/** A bad flag or key: printed with the usage, exit code 2. */
export class ListenUsageError extends Error {}

export interface ListenOptions {
  apiUrl: string;
  key: string;
  mode: 'test' | 'live';
  forwardTo: URL;
  scheme: SignatureScheme;
  /** `whsec_` and 32 bytes in base64url: the form the `service` scheme's verifier takes. */
  secret: string;
  /** True when the secret was made for this session (printed), false when given with --secret. */
  secretGenerated: boolean;
}

export interface ListenFlags {
  'forward-to'?: string;
  key?: string;
  url?: string;
  scheme?: string;
  secret?: string;
  live?: boolean;
}

const KEY = /^svc_(test|live)_[0-9A-Za-z]{32}$/;
const SECRET = /^whsec_[A-Za-z0-9+/_-]{43}=?$/;

/** A fresh session secret, like `stripe listen`'s: never one of the workspace's stored secrets. */
export const newSessionSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** Either form of a secret (base64url for `service`, `whsec_…=` base64 as Standard Webhooks shows it) as base64url. */
function normaliseSecret(secret: string): string {
  if (!SECRET.test(secret)) throw new ListenUsageError('--secret must be a whsec_… secret of 32 bytes (as this command printed it)');
  const bytes = Buffer.from(secret.slice('whsec_'.length), 'base64url');
  if (bytes.length !== 32) throw new ListenUsageError('--secret must be a whsec_… secret of 32 bytes (as this command printed it)');
  return `whsec_${bytes.toString('base64url')}`;
}

/** Flags and environment to options; refuses a live key without --live, and any forward URL that is not http(s). */
export function parseListenOptions(flags: ListenFlags, env: NodeJS.ProcessEnv): ListenOptions {
  const key = flags.key ?? env.SERVICE_API_KEY;
  if (!key) throw new ListenUsageError('--key (or SERVICE_API_KEY) is required: a svc_test_… API key');
  const match = KEY.exec(key);
  if (!match) throw new ListenUsageError('--key must be an API key (svc_test_… or svc_live_…)');
  const mode = match[1] as 'test' | 'live';
  if (mode === 'live' && !flags.live) throw new ListenUsageError('this is a live key: the listener forwards live events only with --live');
  if (!flags['forward-to']) throw new ListenUsageError('--forward-to is required, e.g. --forward-to http://localhost:3000/hooks');
  let forwardTo: URL;
  try {
    forwardTo = new URL(flags['forward-to']);
  } catch {
    throw new ListenUsageError(`--forward-to is not a URL: ${flags['forward-to']}`);
  }
  if (forwardTo.protocol !== 'http:' && forwardTo.protocol !== 'https:') throw new ListenUsageError('--forward-to must be an http:// or https:// URL');
  const scheme = flags.scheme ?? 'service';
  if (scheme !== 'service' && scheme !== 'standard') throw new ListenUsageError('--scheme must be service (Service-Signature) or standard (Standard Webhooks)');
  const apiUrl = flags.url ?? env.SERVICE_BASE_URL ?? `http://127.0.0.1:${env.GATEWAY_PORT ?? '3000'}`;
  const secret = flags.secret === undefined ? newSessionSecret() : normaliseSecret(flags.secret);
  return { apiUrl, key, mode, forwardTo, scheme, secret, secretGenerated: flags.secret === undefined };
}
