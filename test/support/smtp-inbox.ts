import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  messageId: string | null;
  receivedAt: number;
  parsed: ParsedMail;
}

export interface SmtpInboxOptions {
  /** Recipients the server refuses with 550, as a bounced address would be. */
  refuse?: (recipient: string) => boolean;
  /** When true, the server takes the connection and then never answers: a stalled server. */
  stall?: boolean;
  /** Recipients the server answers 451 (try again later) while this returns true. */
  defer?: (recipient: string) => boolean;
  /**
   * When it returns true for a message, the server reads the whole message and never answers the
   * end of DATA: the sender is left waiting mid-send (a crash test kills it there). Nothing is kept.
   */
  holdData?: () => boolean;
}

/**
 * A real SMTP server on loopback that keeps what it receives, so tests read the mail a person
 * would get instead of checking calls on a mock.
 */
export class SmtpInbox {
  readonly messages: ReceivedMail[] = [];
  /** Messages whose DATA was held unanswered (holdData). */
  held = 0;
  private readonly waiters = new Set<() => void>();
  private server!: SMTPServer;
  port = 0;

  constructor(private readonly options: SmtpInboxOptions = {}) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const options = this.options;
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Tests stop the server while a stalled client may still hold a connection.
      closeTimeout: 200,
      onConnect(_session, callback) {
        if (options.stall) return; // never answer: the client's own timeouts must end it
        callback();
      },
      onRcptTo(address, _session, callback) {
        if (options.defer?.(address.address)) {
          callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
          return;
        }
        if (options.refuse?.(address.address)) {
          const error = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
          callback(error);
          return;
        }
        callback();
      },
      onData: (stream, session, callback) => {
        if (options.holdData?.()) {
          this.held += 1;
          for (const wake of this.waiters) wake();
          stream.resume();
          return;
        }
        simpleParser(stream)
          .then((parsed) => {
            this.messages.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : null,
              messageId: parsed.messageId ?? null,
              receivedAt: Date.now(),
              parsed,
            });
            for (const wake of this.waiters) wake();
            callback();
          })
          .catch(callback);
      },
    });
    // A client resetting its connection (a sender killed mid-message, a client giving up on a
    // stalled server) is what the fault tests cause; the server reports it as an 'error' event,
    // which with no listener is thrown in the test process. Any other error still is.
    this.server.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  /** Resolves with the first message that matches, waiting up to `timeoutMs` for it. */
  async waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching mail within ${timeoutMs} ms (received ${this.messages.length})`);
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  to(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(address));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
