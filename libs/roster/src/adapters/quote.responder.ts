import { DomainError, rpcSubjects, type QuoteReply, type QuoteRequest, type RpcErrorReply } from '@eh/contracts';
import { isDatabaseUnavailable, type SqlClient } from '@eh/platform';
import { quoteDeployment } from '../application/quote';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';

const requests = JSONCodec<QuoteRequest>();
const replies = JSONCodec<QuoteReply | RpcErrorReply>();

/** One queue group: each request is answered by exactly one router replica (SPEC.md 422 `expert_unavailable`). */
export function startQuoteResponder(nats: NatsConnection, sql: SqlClient, subjectPrefix: string): Subscription {
  return nats.subscribe(rpcSubjects(subjectPrefix).routerQuote, {
    queue: 'router',
    callback: (error, message) => {
      if (error) return;
      void (async () => {
        try {
          message.respond(replies.encode(await quoteDeployment(sql, requests.decode(message.data))));
        } catch (failure) {
          // PostgreSQL out of reach is the gateway's 503 (issue 11), not a fault of the quote.
          const code = failure instanceof DomainError ? failure.code : isDatabaseUnavailable(failure) ? 'service_unavailable' : 'internal_error';
          message.respond(replies.encode({ error: { code, message: failure instanceof Error ? failure.message : String(failure) } }));
        }
      })();
    },
  });
}
