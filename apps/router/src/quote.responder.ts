import { DomainError, rpcSubjects, type QuoteReply, type QuoteRequest, type RpcErrorReply } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';
import { countAvailableExperts } from '@eh/roster';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';

const requests = JSONCodec<QuoteRequest>();
const replies = JSONCodec<QuoteReply | RpcErrorReply>();

/** Answers the gateway's "can anyone take this?" before a deployment is created (SPEC.md 422 `expert_unavailable`). */
export async function quote(sql: SqlClient, request: QuoteRequest): Promise<QuoteReply> {
  // Test keys are served by the synthesizer, which covers every skill (SPEC.md "Authentication" rule 3).
  if (request.mode === 'test') return { available: true, candidate_count: 1, reason: null };
  const candidates = await countAvailableExperts(sql, request.skills);
  return candidates > 0
    ? { available: true, candidate_count: candidates, reason: null }
    : {
        available: false,
        candidate_count: 0,
        reason: `no expert with any of the skills ${request.skills.join(', ')} is available; retry with different skills or relaxed urgency`,
      };
}

/** One queue group: each request is answered by exactly one router replica. */
export function startQuoteResponder(nats: NatsConnection, sql: SqlClient, subjectPrefix: string): Subscription {
  return nats.subscribe(rpcSubjects(subjectPrefix).routerQuote, {
    queue: 'router',
    callback: (error, message) => {
      if (error) return;
      void (async () => {
        try {
          message.respond(replies.encode(await quote(sql, requests.decode(message.data))));
        } catch (failure) {
          const code = failure instanceof DomainError ? failure.code : 'internal_error';
          message.respond(replies.encode({ error: { code, message: failure instanceof Error ? failure.message : String(failure) } }));
        }
      })();
    },
  });
}
