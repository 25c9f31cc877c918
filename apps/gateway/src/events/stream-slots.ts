import { newId, RetryAfterError } from '@eh/contracts';
import type { Redis } from 'ioredis';
import { STREAM_SLOT_CLAIM_SCRIPT, STREAM_SLOT_REFRESH_SCRIPT } from './stream-slots.script';
import { FailOpenWarning } from '../http/fail-open-warning';

/** One owner a stream counts against: what it is called in errors, its set, and how many it may hold. */
export interface StreamOwner {
  /** `this API key`, `this workspace`, `this expert`: how the refusal names who is full. */
  label: string;
  /** Unique per owner, e.g. `key:<key id>`. */
  id: string;
  limit: number;
}

/** A partner's stream counts against its API key's (or member's) and its workspace's open streams. */
export function partnerStreamOwners(
  auth: { keyId: string; workspaceId: string },
  bounds: { eventStreamsPerKey: number; eventStreamsPerWorkspace: number },
): StreamOwner[] {
  return [
    { label: 'this API key', id: `key:${auth.keyId}`, limit: bounds.eventStreamsPerKey },
    { label: 'this workspace', id: `workspace:${auth.workspaceId}`, limit: bounds.eventStreamsPerWorkspace },
  ];
}

/** A claimed slot: refresh it at every keep-alive, release it when the stream ends. */
export interface StreamSlot {
  refresh(): void;
  release(): void;
}

/**
 * Open event streams per owner, counted in Redis so every gateway replica sees the same count.
 * Each stream holds a lease (three keep-alive periods) it renews at each keep-alive: a replica
 * that dies without closing its streams stops counting against their owners once the leases end.
 * Like the rate limiter, it fails open when Redis cannot answer: a cache outage must not end
 * every partner's streams.
 */
export class StreamSlots {
  private readonly failOpen = new FailOpenWarning('StreamSlots', 'open event streams not counted');

  constructor(
    private readonly redis: Redis,
    private readonly options: { prefix: string; leaseMs: number; retryAfterSeconds: number },
  ) {}

  /** A slot in every owner's set, or a 429 naming the first that is full. */
  async claim(owners: readonly StreamOwner[]): Promise<StreamSlot> {
    const member = newId('request');
    const keys = owners.map((owner) => this.keyOf(owner));
    let full = 0;
    try {
      full = Number(
        await STREAM_SLOT_CLAIM_SCRIPT.run(this.redis, keys, [member, String(this.options.leaseMs), ...owners.map((owner) => String(owner.limit))]),
      );
    } catch (error) {
      this.failOpen.warn(error);
    }
    const refused = owners[full - 1];
    if (refused) {
      throw new RetryAfterError(
        'rate_limited',
        `${refused.label} has ${refused.limit} event streams open, the most it may; close one or retry after ${this.options.retryAfterSeconds} s`,
        this.options.retryAfterSeconds,
      );
    }
    let released = false;
    return {
      refresh: () => {
        if (released) return;
        STREAM_SLOT_REFRESH_SCRIPT.run(this.redis, keys, [member, String(this.options.leaseMs)]).catch((error: unknown) => this.failOpen.warn(error));
      },
      release: () => {
        if (released) return;
        released = true;
        Promise.all(keys.map((key) => this.redis.zrem(key, member))).catch((error: unknown) => this.failOpen.warn(error));
      },
    };
  }

  /** Open streams counted for an owner now (leases not yet ended). */
  async count(owner: Pick<StreamOwner, 'id'>): Promise<number> {
    const key = this.keyOf(owner);
    const time = await this.redis.time();
    return this.redis.zcount(key, `(${Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000)}`, '+inf');
  }

  /** One hash tag for all: a claim spans several sets, which Redis Cluster wants in one slot. */
  private keyOf(owner: Pick<StreamOwner, 'id'>): string {
    return `${this.options.prefix}:{streams}:${owner.id}`;
  }
}

export const STREAM_SLOTS = Symbol('StreamSlots');
