import { Controller, Inject, UseFilters, UsePipes } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RPC_PATTERNS, type ReleaseReservationReply, type ReserveCreditsReply } from '@eh/contracts';
import { CONFIG, RpcErrorEnvelopeFilter, rpcValidationPipe, type ServiceConfig } from '@eh/platform';
import { CachedAccountRunner } from '../../application/account-runner';
import { AccountSerializer } from '../../application/account-serializer';
import { releaseAbandoned } from '../../application/release-abandoned.handler';
import { reserveCredits } from '../../application/reserve-credits.handler';
import { ReleaseReservationDto, ReserveCreditsDto } from './ledger-rpc.dto';

/**
 * The ledger's request handlers, queue group `ledger`: one replica
 * answers each request. Queued behind the workspace's other commands, so a release sent after
 * its reserve is decided after it. A failed release costs nothing lasting: the orphan sweep
 * releases the reservation at its deadline.
 */
@Controller()
@UsePipes(rpcValidationPipe())
@UseFilters(new RpcErrorEnvelopeFilter('ledger'))
export class LedgerRpcController {
  constructor(
    @Inject(CONFIG) private readonly config: ServiceConfig,
    private readonly runner: CachedAccountRunner,
    private readonly serializer: AccountSerializer,
  ) {}

  @MessagePattern(RPC_PATTERNS.ledgerReserve, { queue: 'ledger' })
  reserve(@Payload() request: ReserveCreditsDto): Promise<ReserveCreditsReply> {
    return this.serializer.run(request.workspace_id, () =>
      reserveCredits(this.runner.run, request, { now: new Date(), ttlSeconds: this.config.ledger.reservationTtlSeconds }),
    );
  }

  // A create that failed after its reserve gives the credits back at once.
  @MessagePattern(RPC_PATTERNS.ledgerRelease, { queue: 'ledger' })
  release(@Payload() request: ReleaseReservationDto): Promise<ReleaseReservationReply> {
    return this.serializer.run(request.workspace_id, () => releaseAbandoned(this.runner.run, request, new Date()));
  }
}
