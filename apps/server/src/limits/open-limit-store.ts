import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { LimitStore } from './limit-store.ts';
import { createPostgresLimitStore } from './postgres-limit-store.ts';

/**
 * The configured store of the limits: Redis when REDIS_URL is set, else the product's database.
 * The Redis store's module (and ioredis with it) is loaded only when REDIS_URL is set.
 */
export async function openLimitStore(config: Pick<Config, 'redisUrl'>, db: Database): Promise<LimitStore> {
  if (!config.redisUrl) return createPostgresLimitStore(db);
  const { createRedisLimitStore } = await import('./redis-limit-store.ts');
  return createRedisLimitStore({ url: config.redisUrl });
}
