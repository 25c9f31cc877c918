import {
  DomainError,
  rpcSubjects,
  type ReleaseReservationReply,
  type ReleaseReservationRequest,
  type ReserveCreditsReply,
  type ReserveCreditsRequest,
  type RpcErrorReply,
} from '@eh/contracts';
import type { ReleaseForDeployment, ReserveForDeployment } from '@eh/deployments';
import { reservationEstimate } from '@eh/ledger';
import type { LedgerConfig } from '@eh/platform';
import { JSONCodec, type NatsConnection } from 'nats';
import { RetryAfterError } from '../http/retry-after.error';

const requests = JSONCodec<ReserveCreditsRequest>();
const replies = JSONCodec<ReserveCreditsReply | RpcErrorReply>();
const releaseRequests = JSONCodec<ReleaseReservationRequest>();
const releaseReplies = JSONCodec<ReleaseReservationReply | RpcErrorReply>();

/**
 * How long a failed create waits for its release before answering. A release normally takes a
 * few milliseconds; past this the answer goes out anyway (the ledger still acts on the request,
 * and the orphan sweep is the backstop), so an outage adds at most this to the error's latency.
 */
const RELEASE_WAIT_MS = 1_500;
/** The ledger's answers that hold nothing: anything else may have held credits whose answer was lost. */
const REFUSALS: ReadonlySet<string> = new Set(['credits_exhausted', 'in_flight_limit_reached']);

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
      // No responders or a timeout. A reserve that did land meanwhile is released now if the ledger
      // takes the release after it, else as an orphan at its deadline; not awaited, the answer is late already.
      void this.release(request);
      throw new DomainError('service_unavailable', 'the credit ledger is briefly unavailable; retry shortly');
    }
    if ('error' in reply) {
      if (!REFUSALS.has(reply.error.code)) void this.release(request);
      throw refusal(reply.error, this.config.inFlightRetryAfterSeconds);
    }
    return reply.amount;
  }

  /**
   * Gives back at once what a create that failed after its reserve holds (issue 11); the ledger
   * releases nothing if the deployment was appended after all, or if nothing is held. Never
   * throws: true when released, false otherwise (nothing held, the deployment exists, or no
   * answer in time, in which case the orphan sweep releases it at the reservation's deadline).
   */
  async release(request: ReleaseForDeployment): Promise<boolean> {
    try {
      const message = await this.nats.request(
        rpcSubjects(this.subjectPrefix).ledgerRelease,
        releaseRequests.encode({ workspace_id: request.workspace_id, deployment_id: request.deployment_id, request_id: request.request_id }),
        { timeout: RELEASE_WAIT_MS },
      );
      const reply = releaseReplies.decode(message.data);
      return !('error' in reply) && reply.released;
    } catch {
      return false;
    }
  }
}

function refusal(error: RpcErrorReply['error'], retryAfterSeconds: number): Error {
  switch (error.code) {
    case 'credits_exhausted':
      return new DomainError('credits_exhausted', error.message);
    case 'in_flight_limit_reached':
      return new RetryAfterError('in_flight_limit_reached', error.message, retryAfterSeconds);
    case 'service_unavailable':
      // The ledger could not reach PostgreSQL (issue 11): the caller retries, nothing was created.
      return new DomainError('service_unavailable', 'the credit ledger is briefly unavailable; retry shortly');
    default:
      // Anything else is our fault (a bad amount, a ledger bug): a 500, never the caller's.
      return new Error(`ledger reserve failed: ${error.code} ${error.message}`);
  }
}
