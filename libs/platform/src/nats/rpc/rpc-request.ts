import type { ClientProxy } from '@nestjs/microservices';

/** What a request needs of a ClientProxy (ClientNats, PrefixedNatsClient). */
export type RpcSender = Pick<ClientProxy, 'send'>;
import { DomainError, ERROR_CODES, type ErrorCode, type RpcErrorReply } from '@eh/contracts';
import { firstValueFrom, timeout } from 'rxjs';

/** No replica answered in time, none is subscribed, or NATS is out of reach: the caller's 503. */
export class RpcUnavailableError extends Error {
  constructor(pattern: string, cause: unknown) {
    super(`no answer to ${pattern}`, { cause });
    this.name = 'RpcUnavailableError';
  }
}

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/**
 * One request and its reply through a ClientProxy. The error envelope comes back as the
 * DomainError it was (a code this service does not know becomes `internal_error`); a transport
 * failure or `timeoutMs` without an answer is RpcUnavailableError.
 */
export async function requestReply<Reply>(client: RpcSender, pattern: string, payload: unknown, timeoutMs: number): Promise<Reply> {
  let reply: Reply | RpcErrorReply;
  try {
    reply = await firstValueFrom(client.send<Reply | RpcErrorReply>(pattern, payload).pipe(timeout(timeoutMs)));
  } catch (error) {
    throw new RpcUnavailableError(pattern, error);
  }
  if (reply !== null && typeof reply === 'object' && 'error' in reply) {
    const { code, message } = (reply as RpcErrorReply).error;
    throw KNOWN_CODES.has(code) ? new DomainError(code as ErrorCode, message) : new DomainError('internal_error', `${pattern}: ${code} ${message}`);
  }
  return reply;
}
