import { luaNowFromArgument, RedisScript } from '../redis-script';

/**
 * Failed authentications of one client address in a sliding window, in one Lua script so the
 * look and the count are atomic across gateway replicas (the rate limiter's technique:
 * sliding-window.script.ts). A sorted set per address, one member per failure scored by its
 * time in ms; members older than the window are dropped first.
 *
 * KEYS[1] the address's set; ARGV: limit, window ms, member ('' = only look, nothing counted),
 * now ms ('' = Redis TIME, the clock every replica shares; tests pass a time).
 * Returns {failures in the window, ms when the address is no longer blocked (now if it is not), now}.
 */
export const FAILED_AUTH_SCRIPT = new RedisScript(`
${luaNowFromArgument(4)}
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if ARGV[3] ~= '' then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
end
local count = redis.call('ZCARD', KEYS[1])
local unblockedAt = now
if count >= limit then
  -- Blocked until enough failures left the window that fewer than the limit remain.
  local entry = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  unblockedAt = tonumber(entry[2]) + window
end
return {count, unblockedAt, now}
`);
