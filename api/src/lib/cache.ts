import type { RedisLink } from './redis';

/** A string cache shared by all API processes when Redis is configured, per process otherwise. */
export interface Cache {
  kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  del(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Bounded: beyond `maxEntries` the oldest entries go first (many distinct searches cannot grow it). */
export function memoryCache(maxEntries = 2000): Cache {
  const entries = new Map<string, { value: string; expires: number }>();
  return {
    kind: 'memory',
    async get(key) {
      const hit = entries.get(key);
      if (!hit) return null;
      if (hit.expires < Date.now()) {
        entries.delete(key);
        return null;
      }
      return hit.value;
    },
    async set(key, value, ttlSeconds) {
      entries.delete(key);
      entries.set(key, { value, expires: Date.now() + ttlSeconds * 1000 });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    async del(key) {
      entries.delete(key);
    },
    async close() {
      entries.clear();
    },
  };
}

/**
 * Redis when it answers, the in-process cache while it does not (see lib/redis.ts: no request waits
 * for Redis). Writes and deletions made during an outage are replayed to Redis when it comes back, so
 * an invalidation (a catalogue version bump) is not lost and no process serves the pre-outage page.
 */
export function redisCache(link: RedisLink, prefix = 'store:', fallback: Cache = memoryCache()): Cache {
  /** Keys written (with their lifetime) or deleted (0) while Redis was down, bounded like the fallback. */
  const dirty = new Map<string, number>();
  const markDirty = (key: string, ttlSeconds = 0) => {
    dirty.delete(key);
    dirty.set(key, ttlSeconds);
    if (dirty.size > 2000) dirty.delete(dirty.keys().next().value!);
  };
  let outage = false;
  const enterOutage = () => {
    // Entries kept from an earlier outage may be stale by now.
    if (!outage) void fallback.close();
    outage = true;
  };
  link.onRecover(() => {
    outage = false;
    const entries = [...dirty];
    dirty.clear();
    void (async () => {
      for (const [key, ttl] of entries) {
        const value = await fallback.get(key);
        await link
          .run<unknown>((r) => (value === null ? r.del(prefix + key) : r.set(prefix + key, value, 'EX', ttl)))
          .catch(() => markDirty(key, ttl));
      }
    })();
  });

  return {
    kind: 'redis',
    async get(key) {
      if (!link.isUp()) {
        enterOutage();
        return fallback.get(key);
      }
      try {
        return await link.run((r) => r.get(prefix + key));
      } catch {
        enterOutage();
        return fallback.get(key);
      }
    },
    async set(key, value, ttlSeconds) {
      if (link.isUp()) {
        try {
          await link.run((r) => r.set(prefix + key, value, 'EX', ttlSeconds));
          return;
        } catch {
          // falls through to the in-process cache
        }
      }
      enterOutage();
      markDirty(key, ttlSeconds);
      await fallback.set(key, value, ttlSeconds);
    },
    async del(key) {
      if (link.isUp()) {
        try {
          await link.run((r) => r.del(prefix + key));
          return;
        } catch {
          // falls through
        }
      }
      enterOutage();
      markDirty(key);
      await fallback.del(key);
    },
    async close() {
      await fallback.close();
    },
  };
}
