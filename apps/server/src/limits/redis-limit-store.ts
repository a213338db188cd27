import { Redis } from 'ioredis';
import { type Counter, type LimitClock, type LimitStore, ruleParams } from './limit-store.ts';

// Each script is one atomic step in Redis. A counter is a hash {count, reset, hold} (epoch ms)
// that expires at its reset. ARGV[1] is the test clock's time, or empty for Redis's own clock.
const CLOCK = `local now = tonumber(ARGV[1])
if not now then local t = redis.call('TIME'); now = t[1] * 1000 + math.floor(t[2] / 1000) end`;

const TAKE = `${CLOCK}
local limit, window, after, first, sliding = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6] == '1'
local v = redis.call('HMGET', KEYS[1], 'count', 'reset', 'hold')
local count, reset, hold = tonumber(v[1]), tonumber(v[2]), tonumber(v[3])
if not count or reset <= now then count = 0; reset = now + window; hold = 0 end
if count >= limit or hold > now then return {0, count, reset, hold, now} end
count = count + 1
if count > after then hold = now + math.min(first * 2 ^ math.min(count - after - 1, 30), window) end
if sliding then reset = math.max(now, hold) + window end
redis.call('HSET', KEYS[1], 'count', count, 'reset', string.format('%d', reset), 'hold', string.format('%d', hold))
redis.call('PEXPIRE', KEYS[1], reset - now)
return {1, count, reset, hold, now}`;

const READ = `${CLOCK}
local v = redis.call('HMGET', KEYS[1], 'count', 'reset', 'hold')
if not v[1] or tonumber(v[2]) <= now then return {} end
return {1, tonumber(v[1]), tonumber(v[2]), tonumber(v[3]), now}`;

const GIVE_BACK = `${CLOCK}
local v = redis.call('HMGET', KEYS[1], 'count', 'reset')
if v[1] and tonumber(v[2]) > now and tonumber(v[1]) > 0 then redis.call('HINCRBY', KEYS[1], 'count', -1) end
return 0`;

const CLEAR = `${CLOCK}
local removed = {}
for _, key in ipairs(KEYS) do
  local v = redis.call('HMGET', key, 'count', 'reset', 'hold')
  if v[1] and tonumber(v[2]) > now then
    table.insert(removed, {key, tonumber(v[1]), tonumber(v[2]), tonumber(v[3]), now})
  end
  redis.call('DEL', key)
end
return removed`;

type Reply = [number, number, number, number, number];
const counterOf = ([, count, resetAt, holdUntil, now]: Reply): Counter => ({
  count,
  resetAt,
  holdUntil,
  now,
});

/** Counters in Redis (REDIS_URL), keys under `prefix`, on Redis's clock. */
export function createRedisLimitStore({
  url,
  prefix = 'usluge:limits:',
  now: clock,
}: {
  url: string;
  prefix?: string;
  now?: LimitClock;
}): LimitStore {
  // A limit that cannot be counted fails the request rather than waiting for Redis indefinitely.
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
  const at = () => (clock ? String(clock()) : '');
  const run = async (script: string, keys: string[], ...args: (string | number)[]) =>
    (await redis.eval(script, keys.length, ...keys, at(), ...args)) as unknown;

  return {
    take: async (key, rule) => {
      const { limit, windowMs, delayAfter, firstDelayMs, isSliding } = ruleParams(rule);
      const reply = (await run(
        TAKE,
        [prefix + key],
        limit,
        windowMs,
        delayAfter,
        firstDelayMs,
        isSliding ? '1' : '0',
      )) as Reply;
      return { ...counterOf(reply), isTaken: reply[0] === 1 };
    },
    giveBack: async (key) => {
      await run(GIVE_BACK, [prefix + key]);
    },
    read: async (key) => {
      const reply = (await run(READ, [prefix + key])) as Reply | [];
      return reply.length === 0 ? undefined : counterOf(reply);
    },
    clear: async (key) => {
      await redis.del(prefix + key);
    },
    clearPrefix: async (keyPrefix) => {
      const pattern = `${prefix}${keyPrefix}`.replace(/[*?[\]\\]/g, (character) => `\\${character}`);
      // SCAN may answer a key twice; the set keeps it once.
      const keys = new Set<string>();
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${pattern}*`, 'COUNT', 500);
        cursor = next;
        for (const key of found) keys.add(key);
      } while (cursor !== '0');
      if (keys.size === 0) return [];
      const removed = (await run(CLEAR, [...keys])) as [string, number, number, number, number][];
      return removed.map(([key, ...rest]) => ({ key: key.slice(prefix.length), ...counterOf([1, ...rest]) }));
    },
    close: async () => {
      redis.disconnect();
    },
  };
}
