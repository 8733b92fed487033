/**
 * A bounded map whose entries expire: the building block of the in-memory stores. Reads drop
 * an expired entry; past `maxEntries` the least recently written entry is evicted first.
 */
export interface TtlMap<V> {
  get(key: string): V | undefined;
  set(key: string, value: V, ttlMs: number): void;
  delete(key: string): void;
  has(key: string): boolean;
}

/** Creates a {@link TtlMap} reading time from `clock`. */
export function createTtlMap<V>(options: { clock: () => number; maxEntries: number }): TtlMap<V> {
  const entries = new Map<string, { value: V; expiresAtMs: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry === undefined) {
      return undefined;
    }
    if (entry.expiresAtMs <= options.clock()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    get: (key) => live(key)?.value,
    has: (key) => live(key) !== undefined,
    set(key, value, ttlMs) {
      entries.delete(key);
      entries.set(key, { value, expiresAtMs: options.clock() + ttlMs });
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) {
          entries.delete(oldest);
        }
      }
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
