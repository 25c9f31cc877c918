import { createLogger, routeConsoleTo, setRootLogger, type Logger } from './logger';
import { startProcessMetrics } from './metrics-registry';
import { startTracing } from './tracing';

export interface ServiceSignals {
  logger: Logger;
  /** Flushes and stops tracing; call before the process exits. */
  stop(): Promise<void>;
}

/**
 * The signals of one service process, started first thing: the JSON-lines logger
 * (console routed through it), the metrics registry labelled with the service, and tracing
 * when OTEL_TRACES_EXPORTER asks for it.
 */
export function startServiceSignals(service: string, env: NodeJS.ProcessEnv = process.env): ServiceSignals {
  const logger = createLogger(service);
  setRootLogger(logger);
  routeConsoleTo(logger);
  startProcessMetrics(service);
  const tracing = startTracing(service, env);
  return { logger, stop: async () => tracing?.shutdown() };
}
