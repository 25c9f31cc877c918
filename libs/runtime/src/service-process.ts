/**
 * Runs a service until SIGTERM/SIGINT, then stops it in order. A second signal, or a stop that
 * hangs, exits at once: everything durable is already in PostgreSQL or JetStream.
 */
export function runService(name: string, start: () => Promise<() => Promise<void>>): void {
  let stopping = false;
  start().then(
    (stop) => {
      process.stdout.write(`${name} started (pid ${process.pid})\n`);
      const shutdown = (signal: string): void => {
        if (stopping) process.exit(1);
        stopping = true;
        process.stdout.write(`${name} stopping on ${signal}\n`);
        const timer = setTimeout(() => process.exit(1), 10_000);
        timer.unref();
        stop().then(
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
