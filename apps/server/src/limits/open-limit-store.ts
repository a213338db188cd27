import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { LimitStore } from './limit-store.ts';
import { createPostgresLimitStore } from './postgres-limit-store.ts';
import { createRedisLimitStore } from './redis-limit-store.ts';

/** The configured store of the limits: Redis when REDIS_URL is set, else the product's database. */
export function openLimitStore(config: Pick<Config, 'redisUrl'>, db: Database): LimitStore {
  return config.redisUrl ? createRedisLimitStore({ url: config.redisUrl }) : createPostgresLimitStore(db);
}
