import { rpcSubjects, type ReleaseReservationReply, type ReleaseReservationRequest, type RpcErrorReply } from '@eh/contracts';
import type { AccountRunner } from '../application/account-runner';
import { releaseAbandoned } from '../application/release-abandoned.handler';
import { isDatabaseUnavailable } from '@eh/platform';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import type { AccountSerializer } from '../application/account-serializer';

const requests = JSONCodec<ReleaseReservationRequest>();
const replies = JSONCodec<ReleaseReservationReply | RpcErrorReply>();

export interface ReleaseResponderOptions {
  nats: NatsConnection;
  run: AccountRunner;
  serializer: AccountSerializer;
  subjectPrefix: string;
  onError: (error: unknown) => void;
}

/**
 * Answers the gateway's release of a create that failed after its reserve (issue 11). Queued
 * behind the workspace's other commands, so a release sent after its reserve is decided after it.
 * A failure here costs nothing lasting: the orphan sweep releases the reservation at its deadline.
 */
export function startReleaseResponder(options: ReleaseResponderOptions): Subscription {
  return options.nats.subscribe(rpcSubjects(options.subjectPrefix).ledgerRelease, {
    queue: 'ledger',
    callback: (error, message) => {
      if (error) return;
      void (async () => {
        try {
          const request = requests.decode(message.data);
          const reply = await options.serializer.run(request.workspace_id, () => releaseAbandoned(options.run, request, new Date()));
          message.respond(replies.encode(reply));
        } catch (failure) {
          if (!isDatabaseUnavailable(failure)) options.onError(failure);
          const code = isDatabaseUnavailable(failure) ? 'service_unavailable' : 'internal_error';
          message.respond(replies.encode({ error: { code, message: failure instanceof Error ? failure.message : String(failure) } }));
        }
      })();
    },
  });
}
