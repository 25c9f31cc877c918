import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError, type KeyMode } from '@eh/contracts';
import type { DeploymentListFilters, DeploymentListPosition } from '@eh/deployments';

/** What a cursor is bound to: it is valid only for the same workspace, key mode and filters. */
export interface CursorScope {
  workspaceId: string;
  mode: KeyMode;
  filtersHash: string;
}

/** The signed payload; short keys keep the cursor short in URLs. `v` versions the format. */
interface CursorPayload {
  v: 1;
  w: string;
  m: KeyMode;
  f: string;
  t: string;
  i: string;
}

const invalid = (message: string): DomainError => new DomainError('invalid_request', message, 'cursor');

/**
 * Opaque list cursors (docs/decisions.md "REST surface"): base64url JSON of the scope
 * and the last row's keyset, then `.`, then its HMAC-SHA256. Signed so a client cannot forge a
 * position or lift a cursor into another workspace, mode or filter set.
 */
export class ListCursorCodec {
  constructor(private readonly secret: string) {}

  encode(scope: CursorScope, position: DeploymentListPosition): string {
    const payload: CursorPayload = { v: 1, w: scope.workspaceId, m: scope.mode, f: scope.filtersHash, t: position.createdAt, i: position.id };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** The position to continue after; 400 naming `cursor` for anything but our own, same-scope cursor. */
  decode(cursor: string, scope: CursorScope): DeploymentListPosition {
    const payload = this.verified(cursor);
    if (payload.w !== scope.workspaceId || payload.m !== scope.mode) {
      throw invalid('cursor was issued to another workspace or key mode; start again without cursor');
    }
    if (payload.f !== scope.filtersHash) {
      throw invalid('cursor was issued for other filters; send the same status, skill, created_after and q as on the first page');
    }
    return { createdAt: payload.t, id: payload.i };
  }

  private verified(cursor: string): CursorPayload {
    const [body, signature, ...rest] = cursor.split('.');
    if (!body || !signature || rest.length > 0) throw invalid("cursor is not a cursor this API issued; pass the previous page's `next` unchanged");
    // Compared as text, not decoded bytes, so no second spelling of a signature is accepted; in
    // constant time, so it cannot be guessed byte by byte from response timings.
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw invalid("cursor is not valid (altered, or signed with another key); pass the previous page's `next` unchanged");
    }
    const payload = parsePayload(Buffer.from(body, 'base64url').toString('utf8'));
    if (!payload) throw invalid("cursor is not valid; pass the previous page's `next` unchanged");
    return payload;
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}

/** Signed by us, but from an older format or another build: check the shape anyway. */
function parsePayload(json: string): CursorPayload | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const strings = ['w', 'f', 't', 'i'].every((key) => typeof record[key] === 'string');
  if (record.v !== 1 || !strings || (record.m !== 'test' && record.m !== 'live')) return null;
  if (Number.isNaN(Date.parse(String(record.t)))) return null;
  return record as unknown as CursorPayload;
}

/** Same filters, same hash, whatever the order or repetition of `status` in the query. */
export function filtersHash(filters: DeploymentListFilters): string {
  const canonical = JSON.stringify([[...new Set(filters.statuses)].sort(), filters.skill, filters.createdAfter, filters.q]);
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 22);
}
