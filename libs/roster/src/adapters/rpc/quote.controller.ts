import { Controller, Inject, UseFilters, UsePipes } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RPC_PATTERNS, type QuoteReply } from '@eh/contracts';
import { RpcErrorEnvelopeFilter, rpcValidationPipe, SQL, type SqlClient } from '@eh/platform';
import { quoteDeployment } from '../../application/quote';
import { QuoteRequestDto } from './quote-request.dto';

/**
 * Availability and the credit estimate before a create (which 422 `expert_unavailable` refuses).
 * Queue group `router`: each request is answered by exactly one router replica.
 */
@Controller()
@UsePipes(rpcValidationPipe())
@UseFilters(new RpcErrorEnvelopeFilter('router'))
export class QuoteController {
  constructor(@Inject(SQL) private readonly sql: SqlClient) {}

  @MessagePattern(RPC_PATTERNS.routerQuote, { queue: 'router' })
  quote(@Payload() request: QuoteRequestDto): Promise<QuoteReply> {
    return quoteDeployment(this.sql, request);
  }
}
