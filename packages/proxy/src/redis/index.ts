export type { RedisStores, RedisStoresOptions } from './create-redis-stores.js';
export { createRedisStores } from './create-redis-stores.js';
