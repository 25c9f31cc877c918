/**
 * Idempotency-Key per user action: what a person asked to create once is created once,
 * even when the request goes again: TanStack's retry after a network error or a 5xx, or the person
 * pressing the button again after such a failure. The same request (same route, same input) keeps
 * its key until an answer settles it; a success or a refusal (4xx) ends the action, so the next
 * press is a new action with a new key (a stored 4xx would otherwise be replayed for ever).
 */
import { ApiError } from './api-error';

const pending = new Map<string, string>();

/** No answer that settles the request: the network, the server (5xx), a rate limit, or the first try still running. */
export const isTransient = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.status >= 500 || error.status === 429 || (error.status === 409 && error.code === 'idempotency_conflict');

/** Retried safely, since the key is the same: twice, on transient failures only. */
export const retryTransient = (failures: number, error: unknown): boolean => isTransient(error) && failures < 2;

/** 128 random bits; `getRandomValues` works outside secure contexts too, unlike `randomUUID`. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `console-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Sends `send(headers)` with the key of this request: `action` names the route (with its mode and
 * path ids), `input` is what the person submitted.
 */
export async function withIdempotencyKey<T>(action: string, input: unknown, send: (headers: { 'Idempotency-Key': string }) => Promise<T>): Promise<T> {
  const request = `${action}\n${JSON.stringify(input ?? null)}`;
  const key = pending.get(request) ?? newKey();
  pending.set(request, key);
  try {
    const answer = await send({ 'Idempotency-Key': key });
    pending.delete(request);
    return answer;
  } catch (error) {
    if (!isTransient(error)) pending.delete(request);
    throw error;
  }
}
