import { DomainError, rpcSubjects, type ReserveCreditsReply, type ReserveCreditsRequest, type RpcErrorReply } from '@eh/contracts';
import type { AccountRunner } from '../application/account-runner';
import { reserveCredits } from '../application/reserve-credits.handler';
import { isDatabaseUnavailable } from '@eh/platform';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import type { AccountSerializer } from '../application/account-serializer';

const requests = JSONCodec<ReserveCreditsRequest>();
const replies = JSONCodec<ReserveCreditsReply | RpcErrorReply>();

export interface ReserveResponderOptions {
  nats: NatsConnection;
  run: AccountRunner;
  serializer: AccountSerializer;
  subjectPrefix: string;
  reservationTtlSeconds: number;
  onError: (error: unknown) => void;
}

/** Answers the gateway's reserve (DESIGN.md "Flows: Create"); queue group `ledger`: one replica answers each request. */
export function startReserveResponder(options: ReserveResponderOptions): Subscription {
  return options.nats.subscribe(rpcSubjects(options.subjectPrefix).ledgerReserve, {
    queue: 'ledger',
    callback: (error, message) => {
      if (error) return;
      void (async () => {
        try {
          const request = requests.decode(message.data);
          const reply = await options.serializer.run(request.workspace_id, () =>
            reserveCredits(options.run, request, { now: new Date(), ttlSeconds: options.reservationTtlSeconds }),
          );
          message.respond(replies.encode(reply));
        } catch (failure) {
          // PostgreSQL out of reach is the gateway's 503 (issue 11), not a fault to report.
          const unavailable = isDatabaseUnavailable(failure);
          if (!(failure instanceof DomainError) && !unavailable) options.onError(failure);
          const code = failure instanceof DomainError ? failure.code : unavailable ? 'service_unavailable' : 'internal_error';
          message.respond(replies.encode({ error: { code, message: failure instanceof Error ? failure.message : String(failure) } }));
        }
      })();
    },
  });
}
