import { DomainError, RetryAfterError, RPC_PATTERNS, type QuoteReply, type ReleaseReservationReply, type ReserveCreditsReply } from '@eh/contracts';
import { requestReply, RpcUnavailableError, type RpcSender, type LedgerConfig } from '@eh/platform';
import { reservationEstimate } from '../../domain/reservation-estimate';

/** Credits to hold for a live deployment about to be created; the amount follows from the router's quote. */
export interface ReserveRequest {
  workspace_id: string;
  deployment_id: string;
  quote: Pick<QuoteReply, 'estimated_credits'>;
  request_id: string;
}

/** The reservation of a create that failed after its reserve. */
export type ReleaseRequest = Pick<ReserveRequest, 'workspace_id' | 'deployment_id' | 'request_id'>;

/**
 * How long a failed create waits for its release before answering. A release normally takes a
 * few milliseconds; past this the answer goes out anyway (the ledger still acts on the request,
 * and the orphan sweep is the backstop), so an outage adds at most this to the error's latency.
 */
const RELEASE_WAIT_MS = 1_500;
/** The ledger's answers that hold nothing: anything else may have held credits whose answer was lost. */
const REFUSALS: ReadonlySet<string> = new Set(['credits_exhausted', 'in_flight_limit_reached']);

/** Asks a ledger replica (queue group `ledger`, ledger-rpc.controller.ts) to hold credits for a live deployment about to be created. */
export class LedgerClient {
  constructor(
    /** A PrefixedNatsClient (Transport.NATS under SUBJECT_PREFIX), shared with the router client. */
    private readonly client: RpcSender,
    private readonly config: LedgerConfig,
  ) {}

  /** Resolves to the credits held; refusals become the caller's 402 or 429. */
  async reserve(request: ReserveRequest): Promise<number> {
    const amount = reservationEstimate(request.quote, this.config.fallbackReserveCredits);
    try {
      const reply = await requestReply<ReserveCreditsReply>(
        this.client,
        RPC_PATTERNS.ledgerReserve,
        { workspace_id: request.workspace_id, deployment_id: request.deployment_id, amount, request_id: request.request_id },
        this.config.reserveTimeoutMs,
      );
      return reply.amount;
    } catch (error) {
      if (error instanceof RpcUnavailableError) {
        // No responders or a timeout. A reserve that did land meanwhile is released now if the ledger
        // takes the release after it, else as an orphan at its deadline; not awaited, the answer is late already.
        void this.release(request);
        throw new DomainError('service_unavailable', 'the credit ledger is briefly unavailable; retry shortly');
      }
      if (!(error instanceof DomainError && REFUSALS.has(error.code))) void this.release(request);
      throw refusal(error, this.config.inFlightRetryAfterSeconds);
    }
  }

  /**
   * Gives back at once what a create that failed after its reserve holds; the ledger
   * releases nothing if the deployment was appended after all, or if nothing is held. Never
   * throws: true when released, false otherwise (nothing held, the deployment exists, or no
   * answer in time, in which case the orphan sweep releases it at the reservation's deadline).
   */
  async release(request: ReleaseRequest): Promise<boolean> {
    try {
      const reply = await requestReply<ReleaseReservationReply>(
        this.client,
        RPC_PATTERNS.ledgerRelease,
        { workspace_id: request.workspace_id, deployment_id: request.deployment_id, request_id: request.request_id },
        RELEASE_WAIT_MS,
      );
      return reply.released;
    } catch {
      return false;
    }
  }
}

function refusal(error: unknown, retryAfterSeconds: number): Error {
  const code = error instanceof DomainError ? error.code : 'internal_error';
  const message = error instanceof Error ? error.message : String(error);
  switch (code) {
    case 'credits_exhausted':
      return new DomainError('credits_exhausted', message);
    case 'in_flight_limit_reached':
      return new RetryAfterError('in_flight_limit_reached', message, retryAfterSeconds);
    case 'service_unavailable':
      // The ledger could not reach PostgreSQL: the caller retries, nothing was created.
      return new DomainError('service_unavailable', 'the credit ledger is briefly unavailable; retry shortly');
    default:
      // Anything else is our fault (a bad amount, a ledger bug): a 500, never the caller's.
      return new Error(`ledger reserve failed: ${code} ${message}`);
  }
}
