/**
 * The Lua scripts of the Redis stores: each runs atomically on the server, so concurrent proxy
 * instances never double-count a hit or overwrite a binding.
 */

/**
 * Sliding-window log. KEYS[1] = the window's sorted set; ARGV = now (ms), window (ms), limit,
 * a unique member. Drops hits older than the window, then records this one if fewer than
 * `limit` remain. Returns {1, 0} when granted, {0, ms until the oldest hit leaves} when not.
 */
export const RATE_LIMIT_HIT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) < limit then
  redis.call('ZADD', key, now, ARGV[4])
  redis.call('PEXPIRE', key, window)
  return {1, 0}
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return {0, tonumber(oldest[2]) + window - now}
`;

/**
 * Set-if-absent that answers the stored value. KEYS[1] = the binding; ARGV = JSON, TTL in ms
 * (0 = none). Returns the JSON now stored (the caller's or the earlier one).
 */
export const PUT_IF_ABSENT = `
local ttl = tonumber(ARGV[2])
local stored
if ttl > 0 then
  stored = redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ttl)
else
  stored = redis.call('SET', KEYS[1], ARGV[1], 'NX')
end
if stored then
  return ARGV[1]
end
return redis.call('GET', KEYS[1])
`;

/**
 * Records a quote. KEYS[1] = the user's sorted set; ARGV = now (ms), quote id, max per user,
 * TTL (ms). Keeps the newest `max` quotes; the whole set expires `ttl` after the last write.
 */
export const RECORD_QUOTE = `
redis.call('ZADD', KEYS[1], tonumber(ARGV[1]), ARGV[2])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(tonumber(ARGV[3]) + 1))
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[4]))
return 1
`;
