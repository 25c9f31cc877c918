import { createHash } from 'node:crypto';

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
export const SIGN_IN_SLOTS_LUA = `
local now = tonumber(ARGV[3])
if not now then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
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
`;

export const SIGN_IN_SLOTS_SHA = createHash('sha1').update(SIGN_IN_SLOTS_LUA).digest('hex');
