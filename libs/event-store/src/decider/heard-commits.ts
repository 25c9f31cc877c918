import { forgetOldest, trimmedSize } from '@eh/platform';
import type { CommitObserver } from '../event-store.port';
import { categoryOf } from '../relay/event-subject';

/** What a value read from the store goes stale with: appends to one stream, or to any stream of a category. */
export type ReadDependency = { stream: string } | { category: string };

/** Bounds: values remembered. */
export interface HeardCommitsLimits {
  values: number;
}

const DEFAULT_LIMITS: HeardCommitsLimits = { values: 20_000 };

interface Remembered {
  value: unknown;
  token: string;
}

/** A read under way; marked stale when what it reads from changes before it returns. */
interface ReadTicket {
  stale: boolean;
}

const tokenOf = (dependency: ReadDependency): string => ('stream' in dependency ? `stream:${dependency.stream}` : `category:${dependency.category}`);

/**
 * What one process knows from the store's commit feed (EventStore.watchCommits), so it
 * reads a stream again only when it has changed:
 * - `remember(key, dependency, read)`: a value read from the store, kept until an append to
 *   what it depends on is heard; a read during which such an append was heard is used once,
 *   not kept (it may predate the append);
 * - a lost feed forgets everything, and nothing is kept until it listens again.
 * A value is thus as fresh as the feed: a change is seen once its notice arrives (milliseconds).
 */
export class HeardCommits implements CommitObserver {
  private listeningNow = false;
  private readonly values = new Map<string, Remembered>();
  private readonly keysByToken = new Map<string, Set<string>>();
  private readonly readsByToken = new Map<string, Set<ReadTicket>>();
  private readonly limits: HeardCommitsLimits;

  constructor(limits: Partial<HeardCommitsLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  listening(): void {
    this.forgetAll();
    this.listeningNow = true;
  }

  lost(): void {
    this.forgetAll();
    this.listeningNow = false;
  }

  appended(streamName: string): void {
    this.invalidate(`stream:${streamName}`);
    this.invalidate(`category:${categoryOf(streamName)}`);
  }

  /** The value under `key` if kept, else `read()`'s, kept if nothing it depends on changed meanwhile. */
  async remember<T>(key: string, dependency: ReadDependency, read: () => Promise<T>): Promise<T> {
    const kept = this.values.get(key);
    if (kept) return kept.value as T;
    const token = tokenOf(dependency);
    const ticket: ReadTicket = { stale: !this.listeningNow };
    addTo(this.readsByToken, token, ticket);
    try {
      const value = await read();
      if (!ticket.stale && this.listeningNow) this.keep(key, token, value);
      return value;
    } finally {
      removeFrom(this.readsByToken, token, ticket);
    }
  }

  private keep(key: string, token: string, value: unknown): void {
    this.drop(key);
    // Insertion order: the first keys are those kept longest.
    if (this.values.size >= this.limits.values) forgetOldest(this.values, trimmedSize(this.limits.values), (oldest) => this.drop(oldest));
    this.values.set(key, { value, token });
    addTo(this.keysByToken, token, key);
  }

  private drop(key: string): void {
    const kept = this.values.get(key);
    if (!kept) return;
    this.values.delete(key);
    removeFrom(this.keysByToken, kept.token, key);
  }

  private invalidate(token: string): void {
    for (const ticket of this.readsByToken.get(token) ?? []) ticket.stale = true;
    const keys = this.keysByToken.get(token);
    if (!keys) return;
    this.keysByToken.delete(token);
    for (const key of keys) this.values.delete(key);
  }

  private forgetAll(): void {
    this.values.clear();
    this.keysByToken.clear();
    for (const tickets of this.readsByToken.values()) for (const ticket of tickets) ticket.stale = true;
  }
}

function addTo<V>(map: Map<string, Set<V>>, key: string, value: V): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function removeFrom<V>(map: Map<string, Set<V>>, key: string, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
