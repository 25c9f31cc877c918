import { createHash } from 'node:crypto';
import { ID_PREFIX, type IdKind } from '@eh/contracts';
import { encodeTime } from 'ulid';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export interface IdempotencySlot {
  workspaceId: string;
  route: string;
  key: string;
  /** When the slot was first claimed; a takeover keeps it. */
  createdAt: Date;
}

/**
 * The id a resource created under an Idempotency-Key gets: a valid ULID whose time part is the
 * slot's first claim and whose random part is a hash of (workspace, route, key). Every attempt
 * for the slot, including a takeover after a crash, names the same resource, so the append with
 * expected `no_stream` can succeed once only.
 */
export function deterministicId(kind: IdKind, slot: IdempotencySlot): string {
  const digest = createHash('sha256').update(`${slot.workspaceId}\n${slot.route}\n${slot.key}`).digest();
  return `${ID_PREFIX[kind]}_${encodeTime(slot.createdAt.getTime(), 10)}${base32(digest, 16)}`;
}

/** The first `length` 5-bit groups of `bytes`, in Crockford's alphabet. */
function base32(bytes: Buffer, length: number): string {
  let out = '';
  for (let index = 0; index < length; index++) {
    const bit = index * 5;
    const pair = (bytes[bit >> 3] << 8) | (bytes[(bit >> 3) + 1] ?? 0);
    out += CROCKFORD[(pair >> (11 - (bit & 7))) & 31];
  }
  return out;
}
