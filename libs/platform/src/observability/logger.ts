import { format } from 'node:util';
import pino, { type Logger, type LevelWithSilent } from 'pino';
import { currentLogContext } from './log-context';

export type { Logger } from 'pino';

const LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** `LOG_LEVEL` (fatal, error, warn, info, debug, trace, silent); `info` when unset. */
export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): LevelWithSilent {
  const raw = (env.LOG_LEVEL ?? '').trim().toLowerCase();
  if (raw === '') return 'info';
  if (!LEVELS.includes(raw as LevelWithSilent)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  return raw as LevelWithSilent;
}

/**
 * The one logger factory: JSON lines on stdout, `time` in ISO 8601, `service`, and
 * whatever the current scope knows (request_id, deployment_id, workspace_id, event_id: see
 * log-context.ts) on every line. Synchronous writes, so a line written just before
 * `process.exit` is not lost.
 */
export function createLogger(service: string, options: { level?: LevelWithSilent; destination?: pino.DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? logLevelFromEnv(),
      base: { service, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => currentLogContext() ?? {},
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

let root: Logger | undefined;

/** The process's logger: the service's once `setRootLogger` ran, else one named after the process. */
export function rootLogger(): Logger {
  root ??= createLogger(process.title || 'node');
  return root;
}

export function setRootLogger(logger: Logger): void {
  root = logger;
}

/**
 * Sends `console.*` through the logger, so code and libraries that still write to the console
 * produce JSON lines too: the first Error argument becomes `err`, the rest the message.
 */
export function routeConsoleTo(logger: Logger): void {
  const bridge =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]): void => {
      const error = args.find((arg): arg is Error => arg instanceof Error);
      const rest = error ? args.filter((arg) => arg !== error) : args;
      const message = format(...rest);
      if (error) logger[level]({ err: error }, message || error.message);
      else logger[level](message);
    };
  console.log = bridge('info');
  console.info = bridge('info');
  console.debug = bridge('debug');
  console.warn = bridge('warn');
  console.error = bridge('error');
}
