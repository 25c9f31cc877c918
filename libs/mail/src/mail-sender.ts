import { createTransport, type Transporter } from 'nodemailer';
import type { MailConfig } from './mail-config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A stable key for this message (for example `offer:<id>:email`). It becomes the Message-ID,
   * so a message sent twice after a crash is recognisably the same message to mail clients.
   */
  key: string;
}

export interface SentMail {
  messageId: string;
  /** What the server said when it took the message. */
  response: string;
}

/**
 * Why a message was not taken. `permanent` means sending it again will fail the same way
 * (a 5xx reply such as an unknown mailbox); otherwise it may be retried later.
 */
export class MailNotSent extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode: number | null,
  ) {
    super(message);
    this.name = 'MailNotSent';
  }
}

export interface MailSender {
  /** False when no SMTP server is configured: callers record "not sent" rather than pretend. */
  readonly configured: boolean;
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

export function createMailSender(config: MailConfig): MailSender {
  return config.smtpUrl === null ? new NoMailServer() : new SmtpMailSender(config, config.smtpUrl);
}

class NoMailServer implements MailSender {
  readonly configured = false;
  async send(): Promise<SentMail> {
    throw new MailNotSent('no SMTP server is configured (SMTP_URL)', true, null);
  }
  close(): void {}
}

class SmtpMailSender implements MailSender {
  readonly configured = true;
  private readonly transport: Transporter;
  private readonly host: string;

  constructor(
    private readonly config: MailConfig,
    smtpUrl: string,
  ) {
    this.host = new URL(smtpUrl).hostname || 'localhost';
    this.transport = createTransport({
      url: smtpUrl,
      // A few connections kept open and reused: a burst of offers is not a burst of TCP and SMTP handshakes.
      pool: true,
      maxConnections: 5,
      maxMessages: 100,
      connectionTimeout: config.connectionTimeoutMs,
      greetingTimeout: config.connectionTimeoutMs,
      socketTimeout: config.socketTimeoutMs,
    });
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const messageId = `<${encodeURIComponent(mail.key)}@${this.host}>`;
    try {
      const info = await this.transport.sendMail({
        from: this.config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId,
      });
      return { messageId, response: String(info.response ?? '') };
    } catch (error) {
      throw asMailNotSent(error);
    }
  }

  close(): void {
    this.transport.close();
  }
}

function asMailNotSent(error: unknown): MailNotSent {
  const detail = error as { message?: string; responseCode?: number };
  const code = typeof detail.responseCode === 'number' ? detail.responseCode : null;
  const permanent = code !== null && code >= 500 && code < 600;
  return new MailNotSent(detail.message ?? String(error), permanent, code);
}
