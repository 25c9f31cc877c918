import { Controller, Inject, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { isId, newId, RPC_PATTERNS, type ExpertConnected } from '@eh/contracts';
import { RoutingRuntime } from '../../routing.runtime';
import { offerWaitingDeployments } from '../../reactors/roster-change.reactor';

/**
 * An expert opened the console with none open before (a gateway's presence beacon): deployments
 * that waited because nobody who covers them could be reached are offered again, through the
 * ranking. Queue group `router`: one replica handles each signal; a second is harmless, offers
 * append with the revision they decided on.
 */
@Controller()
export class ExpertConnectedController {
  private readonly logger = new Logger('ExpertConnected');

  constructor(@Inject(RoutingRuntime) private readonly routing: RoutingRuntime) {}

  @EventPattern(RPC_PATTERNS.routerExpertConnected, { queue: 'router' })
  async connected(@Payload() signal: ExpertConnected): Promise<void> {
    if (typeof signal?.expert_id !== 'string' || !isId('expert', signal.expert_id)) return;
    const cause = { eventId: newId('event'), correlationId: newId('request') };
    await offerWaitingDeployments(this.routing.offers, signal.expert_id, cause).catch((error: unknown) =>
      this.logger.warn(`waiting deployments not offered to ${signal.expert_id}: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
}
