import { derivedId, ID_PREFIX, timePartAt, type IdKind } from '@eh/contracts';

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
  return derivedId({
    prefix: ID_PREFIX[kind],
    time: timePartAt(slot.createdAt),
    seed: `${slot.workspaceId}\n${slot.route}\n${slot.key}`,
    encoding: 'bit-packed',
  });
}
