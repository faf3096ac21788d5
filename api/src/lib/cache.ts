import { Redis } from 'ioredis';

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

export function redisCache(redis: Redis, prefix = 'store:'): Cache {
  return {
    kind: 'redis',
    async get(key) {
      try {
        return await redis.get(prefix + key);
      } catch {
        return null; // a cache outage degrades to database reads, never to errors
      }
    },
    async set(key, value, ttlSeconds) {
      try {
        await redis.set(prefix + key, value, 'EX', ttlSeconds);
      } catch {
        // ignored: see get
      }
    },
    async del(key) {
      try {
        await redis.del(prefix + key);
      } catch {
        // ignored: see get
      }
    },
    async close() {
      // the connection is owned and closed by the app
    },
  };
}
