import { DomainError, rpcSubjects, type ReserveCreditsReply, type ReserveCreditsRequest, type RpcErrorReply } from '@eh/contracts';
import type { ReserveForDeployment } from '@eh/deployments';
import { reservationEstimate } from '@eh/ledger';
import type { LedgerConfig } from '@eh/platform';
import { JSONCodec, type NatsConnection } from 'nats';
import { RetryAfterError } from '../http/retry-after.error';

const requests = JSONCodec<ReserveCreditsRequest>();
const replies = JSONCodec<ReserveCreditsReply | RpcErrorReply>();

/** Asks a ledger replica (queue group `ledger`) to hold credits for a live deployment about to be created. */
export class LedgerClient {
  constructor(
    private readonly nats: NatsConnection,
    private readonly subjectPrefix: string,
    private readonly config: LedgerConfig,
  ) {}

  /** Resolves to the credits held; refusals become the caller's 402 or 429. */
  async reserve(request: ReserveForDeployment): Promise<number> {
    const amount = reservationEstimate(request.quote, this.config.fallbackReserveCredits);
    let reply: ReserveCreditsReply | RpcErrorReply;
    try {
      const message = await this.nats.request(
        rpcSubjects(this.subjectPrefix).ledgerReserve,
        requests.encode({ workspace_id: request.workspace_id, deployment_id: request.deployment_id, amount, request_id: request.request_id }),
        { timeout: this.config.reserveTimeoutMs },
      );
      reply = replies.decode(message.data);
    } catch {
      // No responders or a timeout. A reserve that did land meanwhile is released as an orphan.
      throw new DomainError('service_unavailable', 'the credit ledger is briefly unavailable; retry shortly');
    }
    if ('error' in reply) throw refusal(reply.error, this.config.inFlightRetryAfterSeconds);
    if (this.config.crashAfterReserve) {
      // TEST_CRASH_AFTER_RESERVE (tests only): die between reserve and append, as a real crash would.
      process.kill(process.pid, 'SIGKILL');
      await new Promise<never>(() => undefined);
    }
    return reply.amount;
  }
}

function refusal(error: RpcErrorReply['error'], retryAfterSeconds: number): Error {
  switch (error.code) {
    case 'credits_exhausted':
      return new DomainError('credits_exhausted', error.message);
    case 'in_flight_limit_reached':
      return new RetryAfterError('in_flight_limit_reached', error.message, retryAfterSeconds);
    default:
      // Anything else is our fault (a bad amount, a ledger bug): a 500, never the caller's.
      return new Error(`ledger reserve failed: ${error.code} ${error.message}`);
  }
}
