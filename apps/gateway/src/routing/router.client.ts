import { DomainError, rpcSubjects, type QuoteReply, type QuoteRequest, type RpcErrorReply } from '@eh/contracts';
import { JSONCodec, type NatsConnection } from 'nats';

const codec = JSONCodec<QuoteReply | RpcErrorReply>();

/** Asks a router replica (queue group) whether experts can take the work. */
export class RouterClient {
  constructor(
    private readonly nats: NatsConnection,
    private readonly subjectPrefix: string,
    private readonly timeoutMs = 3000,
  ) {}

  async quote(request: QuoteRequest): Promise<QuoteReply> {
    let reply: QuoteReply | RpcErrorReply;
    try {
      const message = await this.nats.request(rpcSubjects(this.subjectPrefix).routerQuote, JSONCodec<QuoteRequest>().encode(request), { timeout: this.timeoutMs });
      reply = codec.decode(message.data);
    } catch {
      // No responders or a timeout: routing is down, not the caller's fault.
      throw new DomainError('service_unavailable', 'routing is briefly unavailable; retry shortly');
    }
    // The router could not read its roster (PostgreSQL out of reach): a 503 to retry, not our 500.
    if ('error' in reply && reply.error.code === 'service_unavailable') throw new DomainError('service_unavailable', 'routing is briefly unavailable; retry shortly');
    if ('error' in reply) throw new Error(`router quote failed: ${reply.error.code} ${reply.error.message}`);
    return reply;
  }
}
