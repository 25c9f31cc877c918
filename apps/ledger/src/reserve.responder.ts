import { DomainError, rpcSubjects, type ReserveCreditsReply, type ReserveCreditsRequest, type RpcErrorReply } from '@eh/contracts';
import type { EventStore } from '@eh/event-store';
import { reserveCredits, type LedgerPolicy } from '@eh/ledger';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import type { AccountSerializer } from './account-serializer';

const requests = JSONCodec<ReserveCreditsRequest>();
const replies = JSONCodec<ReserveCreditsReply | RpcErrorReply>();

export interface ReserveResponderOptions {
  nats: NatsConnection;
  store: EventStore;
  serializer: AccountSerializer;
  subjectPrefix: string;
  reservationTtlSeconds: number;
  policy: LedgerPolicy;
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
            reserveCredits(options.store, request, { now: new Date(), ttlSeconds: options.reservationTtlSeconds, policy: options.policy }),
          );
          message.respond(replies.encode(reply));
        } catch (failure) {
          if (!(failure instanceof DomainError)) options.onError(failure);
          const code = failure instanceof DomainError ? failure.code : 'internal_error';
          message.respond(replies.encode({ error: { code, message: failure instanceof Error ? failure.message : String(failure) } }));
        }
      })();
    },
  });
}
