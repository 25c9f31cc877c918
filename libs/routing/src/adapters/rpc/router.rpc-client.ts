import { DomainError, RPC_PATTERNS, TEST_MODE_QUOTE, type QuoteReply, type QuoteRequest } from '@eh/contracts';
import { requestReply, RpcUnavailableError, type RpcSender } from '@eh/platform';

/** Asks a router replica (queue group `router`, quote.controller.ts) whether experts can take the work. */
export class RouterClient {
  constructor(
    /** A PrefixedNatsClient (Transport.NATS under SUBJECT_PREFIX), shared with the ledger client. */
    private readonly client: RpcSender,
    private readonly timeoutMs = 3000,
  ) {}

  async quote(request: QuoteRequest): Promise<QuoteReply> {
    if (request.mode === 'test') return { ...TEST_MODE_QUOTE };
    try {
      return await requestReply<QuoteReply>(this.client, RPC_PATTERNS.routerQuote, request, this.timeoutMs);
    } catch (error) {
      // No responders or a timeout: routing is down, not the caller's fault. The router could not
      // read its roster (PostgreSQL out of reach): a 503 to retry as well, not our 500.
      if (error instanceof RpcUnavailableError || (error instanceof DomainError && error.code === 'service_unavailable')) {
        throw new DomainError('service_unavailable', 'routing is briefly unavailable; retry shortly');
      }
      throw new Error(`router quote failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}
