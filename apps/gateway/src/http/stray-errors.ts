import { Logger } from '@nestjs/common';

/**
 * Once the gateway serves, an error nothing caught (a throw in a reply callback, a rejected
 * promise no one awaited) is logged and the process keeps serving: one request must never take
 * every other partner's requests down with it (where one unauthenticated GET did).
 * Installed only after `listen`, so a gateway that cannot start still exits and says why.
 */
export function keepServingOnStrayErrors(logger = new Logger('StrayError')): void {
  process.on('uncaughtException', (error: Error, origin: string) => {
    logger.error(`${origin} caught at process level; the gateway keeps serving`, error.stack ?? String(error));
  });
  process.on('unhandledRejection', (reason: unknown) => {
    logger.error(
      'unhandled rejection caught at process level; the gateway keeps serving',
      reason instanceof Error ? (reason.stack ?? reason.message) : String(reason),
    );
  });
}
