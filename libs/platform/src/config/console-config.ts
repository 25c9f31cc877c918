import { randomBytes } from 'node:crypto';
import { integerSetting, type Env } from './env-setting';

/**
 * The expert console's settings, from the environment like every other duration so
 * tests run them scaled down. Decisions: docs/decisions.md "Expert console".
 */
export interface ConsoleConfig {
  /** How long an invitation link works (`CONSOLE_INVITATION_TTL_SECONDS`, 72 h). */
  invitationTtlSeconds: number;
  /** A session ends after this long without a request (`CONSOLE_SESSION_IDLE_SECONDS`, 12 h)… */
  sessionIdleSeconds: number;
  /** …and this long after sign-in in any case (`CONSOLE_SESSION_ABSOLUTE_SECONDS`, 7 days). */
  sessionAbsoluteSeconds: number;
  /**
   * Failed sign-ins per account (email) from one client address in the window before 429
   * (`CONSOLE_SIGNIN_ACCOUNT_LIMIT`, 5): a stranger's guesses elsewhere never lock the person out.
   */
  signInAccountLimit: number;
  /** Failed sign-ins per account from every address together before 429 (`CONSOLE_SIGNIN_ACCOUNT_TOTAL_LIMIT`, 100): the bound on a spread-out guesser. */
  signInAccountTotalLimit: number;
  /** Failed sign-ins per client address in the window before 429 (`CONSOLE_SIGNIN_ADDRESS_LIMIT`, 20). */
  signInAddressLimit: number;
  /** The sliding window of all three (`CONSOLE_SIGNIN_WINDOW_SECONDS`, 15 min). */
  signInWindowSeconds: number;
  /** A comment on idle event streams keeps proxies from closing them (`CONSOLE_SSE_KEEPALIVE_SECONDS`, 15 s). */
  sseKeepaliveSeconds: number;
  /** How far back the expert's missed offers go (`CONSOLE_MISSED_OFFERS_DAYS`, 30 days). */
  missedOffersDays: number;
  /** Most missed offers listed at once (`CONSOLE_MISSED_OFFERS_LIMIT`, 50): a glance, not an archive. */
  missedOffersLimit: number;
  /** Where the built console is (`CONSOLE_DIR`); null: `dist/console` of the repository. */
  consoleDir: string | null;
  /**
   * How long an expert still counts as connected after their last console event stream closed
   * (`EXPERT_PRESENCE_GRACE_SECONDS`, 75 s): a page reload or a network blip must not look like
   * leaving. Each gateway refreshes presence every third of it while a stream is open.
   */
  presenceGraceSeconds: number;
  /**
   * `required` (default): the router offers work only to reachable experts (a console open or a
   * working notification channel). `off`: every online expert, as before presence, for experts
   * who take offers over the API without holding the event stream (`EXPERT_REACHABILITY`).
   */
  expertReachability: 'required' | 'off';
}

export interface AttachmentConfig {
  /**
   * HMAC keys of attachment URLs, current first (`ATTACHMENT_URL_SECRET`, then
   * `ATTACHMENT_URL_SECRET_PREVIOUS` during a rotation). Every gateway replica and the webhooks
   * service must share them.
   */
  urlSecrets: string[];
  /** True when no secret was configured and this process drew its own (its URLs work only here). */
  urlSecretGenerated: boolean;
  /** How long a signed URL works from when it is shown (`ATTACHMENT_URL_TTL_SECONDS`, 24 h). */
  urlTtlSeconds: number;
  /** Largest upload (`ATTACHMENT_MAX_BYTES`, 25 MB). */
  maxBytes: number;
  /** Most bytes one expert may upload for one deployment, all files together (`ATTACHMENT_MAX_BYTES_PER_DEPLOYMENT`, 100 MiB). */
  maxBytesPerDeployment: number;
  /** Most files one expert may upload for one deployment (`ATTACHMENT_MAX_FILES_PER_DEPLOYMENT`, 40: an output's 20, each replaced once). */
  maxFilesPerDeployment: number;
  /** Uploads one expert may have in flight at once on one gateway process (`ATTACHMENT_UPLOADS_IN_FLIGHT_PER_EXPERT`, 1). */
  uploadsInFlightPerExpert: number;
}

const MIN_SECRET_LENGTH = 32;

export function loadConsoleConfig(env: Env): ConsoleConfig {
  return {
    invitationTtlSeconds: integerSetting(env, 'CONSOLE_INVITATION_TTL_SECONDS', 72 * 3600, 1),
    sessionIdleSeconds: integerSetting(env, 'CONSOLE_SESSION_IDLE_SECONDS', 12 * 3600, 1),
    sessionAbsoluteSeconds: integerSetting(env, 'CONSOLE_SESSION_ABSOLUTE_SECONDS', 7 * 24 * 3600, 1),
    signInAccountLimit: integerSetting(env, 'CONSOLE_SIGNIN_ACCOUNT_LIMIT', 5, 1),
    signInAccountTotalLimit: integerSetting(env, 'CONSOLE_SIGNIN_ACCOUNT_TOTAL_LIMIT', 100, 1),
    signInAddressLimit: integerSetting(env, 'CONSOLE_SIGNIN_ADDRESS_LIMIT', 20, 1),
    signInWindowSeconds: integerSetting(env, 'CONSOLE_SIGNIN_WINDOW_SECONDS', 15 * 60, 1),
    sseKeepaliveSeconds: integerSetting(env, 'CONSOLE_SSE_KEEPALIVE_SECONDS', 15, 1),
    missedOffersDays: integerSetting(env, 'CONSOLE_MISSED_OFFERS_DAYS', 30, 1),
    missedOffersLimit: integerSetting(env, 'CONSOLE_MISSED_OFFERS_LIMIT', 50, 1),
    consoleDir: env.CONSOLE_DIR || null,
    presenceGraceSeconds: integerSetting(env, 'EXPERT_PRESENCE_GRACE_SECONDS', 75, 3),
    expertReachability: reachability(env.EXPERT_REACHABILITY),
  };
}

function reachability(raw: string | undefined): 'required' | 'off' {
  if (raw === undefined || raw === '' || raw === 'required') return 'required';
  if (raw === 'off') return 'off';
  throw new Error(`EXPERT_REACHABILITY must be required or off, got "${raw}"`);
}

function secret(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  if (raw.length < MIN_SECRET_LENGTH) throw new Error(`${name} must be at least ${MIN_SECRET_LENGTH} characters`);
  return raw;
}

/** Like CURSOR_SECRET: without one, a random per-process key keeps a one-process setup working. */
export function loadAttachmentConfig(env: Env): AttachmentConfig {
  const current = secret(env, 'ATTACHMENT_URL_SECRET');
  const previous = secret(env, 'ATTACHMENT_URL_SECRET_PREVIOUS');
  return {
    urlSecrets: [current ?? randomBytes(32).toString('hex'), ...(previous ? [previous] : [])],
    urlSecretGenerated: current === null,
    urlTtlSeconds: integerSetting(env, 'ATTACHMENT_URL_TTL_SECONDS', 24 * 3600, 1),
    maxBytes: integerSetting(env, 'ATTACHMENT_MAX_BYTES', 25 * 1024 * 1024, 1),
    maxBytesPerDeployment: integerSetting(env, 'ATTACHMENT_MAX_BYTES_PER_DEPLOYMENT', 100 * 1024 * 1024, 1),
    maxFilesPerDeployment: integerSetting(env, 'ATTACHMENT_MAX_FILES_PER_DEPLOYMENT', 40, 1),
    uploadsInFlightPerExpert: integerSetting(env, 'ATTACHMENT_UPLOADS_IN_FLIGHT_PER_EXPERT', 1, 1),
  };
}
