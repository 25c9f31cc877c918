/**
 * Where outgoing mail goes. Without SMTP_URL the service sends no mail at all, and every
 * channel that needs it says so instead of pretending to have sent.
 */
export interface MailConfig {
  /** `smtp://host:port` or `smtps://user:pass@host:465`; null when unset. */
  smtpUrl: string | null;
  /** The From header of every message. */
  from: string;
  /** Bounds on one SMTP conversation, so a stalled server holds a sender for seconds, not minutes. */
  connectionTimeoutMs: number;
  socketTimeoutMs: number;
}

const DEFAULT_FROM = 'Expert Handoff <no-reply@expert-handoff.localhost>';

export function loadMailConfig(env: NodeJS.ProcessEnv = process.env): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl !== null) {
    let protocol: string;
    try {
      protocol = new URL(smtpUrl).protocol;
    } catch {
      throw new Error('SMTP_URL must be a URL such as smtp://127.0.0.1:1025');
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  }
  return {
    smtpUrl,
    from: env.MAIL_FROM?.trim() || DEFAULT_FROM,
    connectionTimeoutMs: positiveInteger(env.SMTP_CONNECTION_TIMEOUT_MS, 5_000, 'SMTP_CONNECTION_TIMEOUT_MS'),
    socketTimeoutMs: positiveInteger(env.SMTP_SOCKET_TIMEOUT_MS, 10_000, 'SMTP_SOCKET_TIMEOUT_MS'),
  };
}

function positiveInteger(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}
