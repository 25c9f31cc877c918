import { luaNowFromArgument, RedisScript } from '../redis-script';

/**
 * Sliding-window log in one Lua script, so check-and-count is atomic across gateway replicas.
 * A sorted set per API key holds one member per counted request, scored by its time in ms;
 * members older than the window are dropped first. Exact (no fixed-window edge doubling) and
 * burst-tolerant: the whole limit may be spent at once. Memory is at most `limit` members per
 * key. Refused requests are not counted, so Retry-After is exact.
 *
 * A gateway may take several permits at once (a lease, rate-limit-leases.ts), each its
 * own member `<member>:<n>`; never more than a tenth of what the window has left, so the last
 * tenth of the limit goes one request at a time, exactly as before.
 *
 * A cost of several permits (a stream's replay, by the events it reads) takes all it wants or
 * none: ARGV[6] = 'all'.
 *
 * KEYS[1] the key's set; ARGV: limit, window ms, member, now ms ('' = Redis TIME, the one
 * clock every replica shares; tests pass a time), permits wanted ('' = 1), 'all' or ''.
 * Returns {permits granted (0: refused), count, oldest ms, now ms}.
 */
export const SLIDING_WINDOW_SCRIPT = new RedisScript(`
${luaNowFromArgument(4)}
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local wanted = tonumber(ARGV[5]) or 1
local granted = 0
if ARGV[6] == 'all' then
  if count + wanted <= limit then granted = wanted end
elseif count < limit then
  granted = math.max(1, math.min(wanted, math.floor((limit - count) / 10)))
end
if granted > 0 then
  for n = 1, granted do
    redis.call('ZADD', KEYS[1], now, ARGV[3] .. ':' .. n)
  end
  count = count + granted
end
redis.call('PEXPIRE', KEYS[1], window)
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local oldestMs = now
if oldest[2] then oldestMs = tonumber(oldest[2]) end
return {granted, count, oldestMs, now}
`);
