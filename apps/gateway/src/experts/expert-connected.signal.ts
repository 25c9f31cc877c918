import { Logger } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { RPC_PATTERNS, type ExpertConnected } from '@eh/contracts';

const WARN_EVERY_MS = 10_000;

/**
 * Tells the router (one replica of queue group `router`) that an expert opened the console with
 * none open before: deployments that waited for a reachable expert may go to them now. A plain
 * NATS event, not durable: a lost one only leaves the deployment to the next roster change,
 * offer or expiry, as before presence.
 */
export function signalExpertConnected(client: Pick<ClientProxy, 'emit'>): (expertId: string) => void {
  const logger = new Logger('ExpertPresence');
  let lastWarningMs = 0;
  return (expertId) => {
    const payload: ExpertConnected = { expert_id: expertId };
    client.emit(RPC_PATTERNS.routerExpertConnected, payload).subscribe({
      error: (error: unknown) => {
        if (Date.now() - lastWarningMs < WARN_EVERY_MS) return;
        lastWarningMs = Date.now();
        logger.warn(`router not told that ${expertId} connected: ${error instanceof Error ? error.message : String(error)}`);
      },
    });
  };
}
