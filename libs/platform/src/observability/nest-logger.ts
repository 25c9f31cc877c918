import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

/**
 * Nest's logger on the pino one: every `new Logger(context)` in the apps writes JSON lines with
 * `context`. Nest's `log` (route mapping, module init: chatter at every start) is `debug`.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  /** Nest passes `(message, context)` or `(message, stack, context)`; the last string is the context. */
  private write(level: 'trace' | 'debug' | 'warn' | 'error' | 'fatal', message: unknown, rest: unknown[]): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const stack = rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
    if (message instanceof Error) this.logger[level]({ context, err: message }, message.message);
    else this.logger[level]({ context, ...(stack ? { stack } : {}) }, typeof message === 'string' ? message : JSON.stringify(message));
  }
}
