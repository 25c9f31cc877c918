import { Injectable, type PipeTransform } from '@nestjs/common';
import { DomainError } from '@eh/contracts';

/** A list's `limit` is 1 to 100, default 20, on every list. */
export const LIST_LIMIT = { min: 1, max: 100, default: 20 } as const;

export const invalidQuery = (param: string, message: string): DomainError => new DomainError('invalid_request', message, param);

/** Refuses query parameters a list does not know, naming them, as every list does. */
export function refuseUnknownParameters(query: Record<string, unknown>, known: readonly string[]): void {
  const unknown = Object.keys(query).filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw invalidQuery(unknown[0], `unknown query parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; accepted: ${known.join(', ')}`);
  }
}

/** The pipe of `@Query()` on a route that takes no query parameters: any one sent is 400 naming it. */
@Injectable()
export class NoQueryParameters implements PipeTransform<Record<string, unknown>, Record<string, never>> {
  transform(query: Record<string, unknown>): Record<string, never> {
    refuseUnknownParameters(query, []);
    return {};
  }
}

/** A parameter that may appear at most once. */
export function singleParameter(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw invalidQuery(name, `${name} may be given once`);
  return typeof value === 'string' ? value : undefined;
}

export function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return LIST_LIMIT.default;
  const limit = /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(limit >= LIST_LIMIT.min && limit <= LIST_LIMIT.max)) {
    throw invalidQuery('limit', `limit must be an integer from ${LIST_LIMIT.min} to ${LIST_LIMIT.max}; got "${raw.slice(0, 20)}"`);
  }
  return limit;
}

/**
 * An unsigned position cursor, base64url of `{"after": "<id>"}`: for lists every caller may read
 * in full or that are scoped to the caller anyway, so a cursor from elsewhere shows nothing of elsewhere.
 */
export const encodePositionCursor = (after: string): string => Buffer.from(JSON.stringify({ after })).toString('base64url');

export function decodePositionCursor(cursor: string, isPosition: (value: string) => boolean): string {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const after = typeof parsed === 'object' && parsed !== null && 'after' in parsed ? parsed.after : undefined;
    if (typeof after === 'string' && isPosition(after)) return after;
  } catch {
    // fall through: not base64url JSON
  }
  throw invalidQuery('cursor', 'cursor is not a cursor from this list; pass the `next` value of the previous page');
}
