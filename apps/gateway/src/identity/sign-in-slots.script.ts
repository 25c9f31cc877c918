import { luaNowFromArgument, RedisScript } from '../http/redis-script';

/**
 * Takes a sign-in slot in every window at once, or none: one Lua script, so concurrent attempts
 * cannot all look at a window below its limit before any of them counted (the race a look-then-count
 * throttle has). Each window is a sorted set of attempts scored by their time in ms; members older
 * than the window are dropped first. A slot taken is an attempt counted before its password is
 * checked; a success gives it back (ZREM of the member).
 *
 * KEYS: the windows; ARGV: window ms, member (the request id), now ms ('' = Redis TIME, the clock
 * every replica shares; tests pass a time), then one limit per key.
 * Returns {1, 0} when the slot was taken in every window, {0, ms until the fullest window frees a slot} when none was.
 */
export const SIGN_IN_SLOTS_SCRIPT = new RedisScript(`
${luaNowFromArgument(3)}
local window = tonumber(ARGV[1])
local wait = 0
for index, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[3 + index])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  if count >= limit then
    local entry = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
    local freeIn = tonumber(entry[2]) + window - now
    if freeIn > wait then wait = freeIn end
  end
end
if wait > 0 then return {0, wait} end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now, ARGV[2])
  redis.call('PEXPIRE', key, window)
end
return {1, 0}
`);
