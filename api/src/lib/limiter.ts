import { HttpError } from './errors';
import type { RedisLink } from './redis';

/**
 * Fixed-window counters for rate limits: shared through Redis when it answers, and always also
 * counted in this process. While Redis is down the in-process count decides, so a limit never opens:
 * that count is never lower than what this process last saw in Redis plus its own hits since, i.e.
 * one process alone allows no more than with Redis up. (Several processes during an outage each
 * enforce the limit on their own counts.)
 */
export interface Limiter {
  /** Counts one hit on `key` and returns the count in the current window and the time left in it. */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** Forgets `key` (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
  /** Which store decided the last hit (tests and /api/health). */
  kind(): 'redis' | 'memory';
  close(): void;
}

/** INCR, the window starting with the first hit; returns [count, ms left]. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

const MAX_KEYS = 100_000;

export function createLimiter(link: RedisLink | undefined, prefix = 'store:'): Limiter {
  const local = new Map<string, { count: number; resetAt: number }>();
  let lastKind: 'redis' | 'memory' = link ? 'redis' : 'memory';
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of local) if (entry.resetAt <= now) local.delete(key);
  }, 60_000);
  sweep.unref();

  /** Records a hit locally; `seen` (from Redis) raises the count to the shared one. */
  const localHit = (key: string, windowMs: number, seen?: { count: number; ttlMs: number }) => {
    const now = Date.now();
    let entry = local.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      local.delete(key);
      local.set(key, entry);
      // Bounded: a flood of distinct keys drops the oldest windows first.
      if (local.size > MAX_KEYS) local.delete(local.keys().next().value!);
    }
    entry.count += 1;
    if (seen) {
      entry.count = Math.max(entry.count, seen.count);
      entry.resetAt = Math.max(entry.resetAt, now + seen.ttlMs);
    }
    return { count: entry.count, ttlMs: entry.resetAt - now };
  };

  return {
    async hit(key, windowMs) {
      if (link?.isUp()) {
        try {
          const [count, ttlMs] = (await link.run((r) =>
            r.eval(HIT_SCRIPT, 1, `${prefix}rl:${key}`, String(windowMs)),
          )) as [number, number];
          lastKind = 'redis';
          localHit(key, windowMs, { count, ttlMs });
          return { count, ttlMs };
        } catch {
          // falls through: the local count decides
        }
      }
      lastKind = 'memory';
      return localHit(key, windowMs);
    },
    async reset(key) {
      local.delete(key);
      if (link?.isUp()) await link.run((r) => r.del(`${prefix}rl:${key}`)).catch(() => undefined);
    },
    kind: () => lastKind,
    close: () => clearInterval(sweep),
  };
}

/**
 * A @fastify/rate-limit store on a Limiter (the plugin builds it with `new`, and a child per route).
 */
export function rateLimitStore(limiter: Limiter) {
  return class LimiterStore {
    constructor(
      _options?: unknown,
      private readonly namespace = 'ip:',
    ) {}

    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number) {
      limiter.hit(this.namespace + key, timeWindow).then(
        (r) => cb(null, { current: r.count, ttl: r.ttlMs }),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: object) {
      const { method, url } = (routeOptions as { routeInfo: { method?: string; url?: string } }).routeInfo;
      // A hook made by `app.rateLimit(...)` has no route: its keyGenerator names what it limits.
      return new LimiterStore(undefined, url ? `${this.namespace}${method}${url}:` : this.namespace);
    }
  };
}

/**
 * Counts one attempt on `key` before the costly check it guards (so parallel attempts cannot slip
 * past), and refuses it with 429 and Retry-After once more than `limit` fall in `windowMs`. The
 * caller resets the key on success, so it counts failures (sign-in, password change per account).
 */
export async function countAttempt(limiter: Limiter, key: string, limit: number, windowMs: number): Promise<void> {
  const attempts = await limiter.hit(key, windowMs);
  if (attempts.count > limit) {
    const seconds = Math.max(1, Math.ceil(attempts.ttlMs / 1000));
    throw new HttpError(
      429,
      { detail: `Request was throttled. Expected available in ${seconds} seconds.` },
      { 'retry-after': String(seconds) },
    );
  }
}
