import { DomainError, RetryAfterError } from '@eh/contracts';
import { Message } from '@a2a-js/sdk';
import { deterministicId } from '../http/idempotency/deterministic-id.rules';
import { requestHash } from '../http/idempotency/idempotency-key.rules';
import type { IdempotencyStore } from '../http/idempotency/idempotency.store';
import type { A2aCall } from './a2a-call';

/** Printable ASCII up to 255 characters, as an Idempotency-Key (a UUID, as A2A clients send, fits). */
const MESSAGE_ID = /^[\x20-\x7e]{1,255}$/;

export type MessageKind = 'new_task' | 'reply';

/**
 * The A2A `messageId` is the message's idempotency key, in the workspace's slots beside
 * `Idempotency-Key` (same store, same 24 h, same conflict rules; its own route names, so a
 * messageId never collides with a REST key): the same message sent again, over `message/send`
 * or `message/stream`, answers the deployment the first one made or answered; another message
 * under the same id is `idempotency_conflict`.
 */
export class MessageIdempotency {
  constructor(private readonly store: IdempotencyStore) {}

  /** Runs `act` once per message id; every later send answers the deployment id it returned. */
  async once(call: A2aCall, kind: MessageKind, message: Message, act: (deploymentId: string) => Promise<string>): Promise<string> {
    if (!MESSAGE_ID.test(message.messageId))
      throw new DomainError(
        'invalid_request',
        'message.messageId must be 1 to 255 printable ASCII characters: it is the message’s idempotency key',
        'message.messageId',
      );
    const route = kind === 'new_task' ? 'A2A message (new task)' : 'A2A message (reply)';
    const hash = requestHash(Message.toJSON(message), call.auth.mode);
    const outcome = await this.store.claim(call.auth.workspaceId, route, message.messageId, hash);
    switch (outcome.kind) {
      case 'won': {
        let deploymentId: string;
        try {
          deploymentId = await act(deterministicId('deployment', outcome.claim));
        } catch (error) {
          // A refusal is not kept: the same message may be sent again once what refused it changed (credits, an expert online).
          await this.store.release(outcome.claim);
          throw error;
        }
        await this.store.complete(outcome.claim, { status: 200, headers: {}, body: JSON.stringify({ deployment_id: deploymentId }) });
        return deploymentId;
      }
      case 'replay':
        return (JSON.parse(outcome.response.body) as { deployment_id: string }).deployment_id;
      case 'different_body':
        throw new DomainError(
          'idempotency_conflict',
          'this message.messageId was already used for a different message; send a new messageId for a new message',
          'message.messageId',
        );
      case 'in_progress':
        throw new RetryAfterError('idempotency_conflict', 'a message with this messageId is still being handled; retry shortly to receive its task', 1);
    }
  }
}
