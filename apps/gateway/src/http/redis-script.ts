import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Lua setting `now` (ms) to Redis TIME: the one clock every replica shares. */
export const LUA_REDIS_NOW = `local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)`;

/** Lua setting `now` (ms) from ARGV[index] (tests pass a time), or to Redis TIME when that is ''. */
export const luaNowFromArgument = (index: number): string => `local now = tonumber(ARGV[${index}])
if not now then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end`;

/** A Lua script run atomically across the gateway's replicas, by its SHA1 once Redis knows it. */
export class RedisScript {
  readonly sha: string;

  constructor(readonly lua: string) {
    this.sha = createHash('sha1').update(lua).digest('hex');
  }

  /** EVALSHA saves sending the script each time; a restarted Redis forgets it, so it is sent in full once more. */
  async run(redis: Redis, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.lua, keys.length, ...keys, ...args);
    }
  }
}
