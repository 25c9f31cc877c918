import { renderMetrics, startServiceSignals } from '@eh/platform';
import { healthAddressFromEnv, startHealthListener, type HealthListener } from './health-listener';

/**
 * Runs a service until SIGTERM/SIGINT, then stops it in order. A second signal, or a stop that
 * hangs, exits at once: everything durable is already in PostgreSQL or JetStream.
 * With `HEALTH_PORT` set it answers `/health/live` and `/health/ready` there (health-listener.ts):
 * ready from the end of `start` until a stop begins.
 */
export function runService(name: string, start: () => Promise<() => Promise<void>>): void {
  let phase: 'starting' | 'started' | 'stopping' = 'starting';
  let health: Promise<HealthListener | undefined> = Promise.resolve(undefined);
  // JSON-lines logs, the metrics registry (served on the health listener), tracing if configured.
  const signals = startServiceSignals(name);
  const logger = signals.logger;
  try {
    const address = healthAddressFromEnv();
    // Listening before start, so liveness answers while the service waits for its database.
    if (address) health = startHealthListener(address.port, address.host, () => phase === 'started', renderMetrics);
  } catch (error) {
    console.error(`${name} failed to start`, error);
    process.exit(1);
  }
  health.catch((error: unknown) => {
    console.error(`${name}: health listener failed`, error);
    process.exit(1);
  });
  start().then(
    (stop) => {
      phase = 'started';
      logger.info(`${name} started (pid ${process.pid})`);
      const shutdown = (signal: string): void => {
        if (phase === 'stopping') process.exit(1);
        phase = 'stopping';
        logger.info(`${name} stopping on ${signal}`);
        const timer = setTimeout(() => process.exit(1), 10_000);
        timer.unref();
        stop()
          .then(async () => (await health)?.close())
          .then(() => signals.stop())
          .then(
            () => process.exit(0),
            (error: unknown) => {
              console.error(`${name} failed to stop cleanly`, error);
              process.exit(1);
            },
          );
      };
      process.on('SIGTERM', () => shutdown('SIGTERM'));
      process.on('SIGINT', () => shutdown('SIGINT'));
    },
    (error: unknown) => {
      console.error(`${name} failed to start`, error);
      process.exit(1);
    },
  );
}
