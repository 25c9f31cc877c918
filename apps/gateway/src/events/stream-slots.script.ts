import { LUA_REDIS_NOW, RedisScript } from '../http/redis-script';

/** Lua: gives the stream ARGV[1] a lease of `lease` ms from `now` in every set of KEYS, then answers 0. */
const LEASE_IN_EVERY_KEY = `for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + lease, ARGV[1])
  redis.call('PEXPIRE', key, lease)
end
return 0`;

/**
 * Claims one open-stream slot in every set of KEYS at once, or none: a sorted set per owner (an
 * API key, a workspace, an expert) whose members are open streams scored by when their lease
 * ends. Leases past their end are dropped first, so the streams of a gateway that died stop
 * counting once their lease runs out; the gateway that holds a stream pushes it on at every
 * keep-alive (STREAM_SLOT_REFRESH_SCRIPT).
 *
 * KEYS: the owners' sets; ARGV: member (the stream's id), lease ms, then one limit per key.
 * Returns 0 when claimed, else the 1-based index of the first key that was full. Redis TIME is
 * the one clock every replica shares.
 */
export const STREAM_SLOT_CLAIM_SCRIPT = new RedisScript(`
${LUA_REDIS_NOW}
local lease = tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= tonumber(ARGV[i + 2]) then return i end
end
${LEASE_IN_EVERY_KEY}
`);

/** Pushes a held stream's lease on in each of KEYS (re-adding it after a Redis flush). ARGV: member, lease ms. */
export const STREAM_SLOT_REFRESH_SCRIPT = new RedisScript(`
${LUA_REDIS_NOW}
local lease = tonumber(ARGV[2])
${LEASE_IN_EVERY_KEY}
`);
