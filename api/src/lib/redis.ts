import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The API's Redis connection with short timeouts and a breaker: a Redis that refuses or hangs costs a
 * request at most COMMAND_TIMEOUT_MS once per BREAK_MS, and everything else answers from the
 * in-process fallbacks (cache, limiter) at once. Nothing waits for a reconnection (no offline queue).
 */
export const CONNECT_TIMEOUT_MS = 1000;
// Redis answers in well under a millisecond; 500 ms leaves room for an event loop busy hashing passwords.
export const COMMAND_TIMEOUT_MS = 500;
/** After a failure, Redis is skipped this long before one call tries it again. */
export const BREAK_MS = 2000;

export class RedisUnavailableError extends Error {
  constructor(reason: string) {
    super(`Redis unavailable: ${reason}`);
  }
}

export interface RedisLink {
  client: Redis;
  /** Ready and not failed in the last BREAK_MS. */
  isUp(): boolean;
  /** Why it is down (for /api/health and the log), undefined when up. */
  downReason(): string | undefined;
  /** Runs `fn` on Redis, or throws RedisUnavailableError at once while it is down. */
  run<T>(fn: (client: Redis) => Promise<T>): Promise<T>;
  /** Called with `true` when Redis comes back after being down (the cache resynchronises). */
  onRecover(listener: () => void): void;
  close(): Promise<void>;
}

export function connectRedis(url: string, log: FastifyBaseLogger): RedisLink {
  const client = new Redis(url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    // Keep trying in the background, never more than once a second.
    retryStrategy: (times) => Math.min(times * 200, 1000),
    keepAlive: 10_000,
  });
  let brokenUntil = 0;
  let lastError: string | undefined;
  let wasDown = false;
  const recoverListeners: (() => void)[] = [];

  const markDown = (reason: string) => {
    lastError = reason;
    brokenUntil = Date.now() + BREAK_MS;
    if (!wasDown) log.warn({ reason }, 'Redis is down: using the in-process cache and rate limiter');
    wasDown = true;
  };
  const markUp = () => {
    if (!wasDown) return;
    wasDown = false;
    lastError = undefined;
    log.info('Redis is back');
    for (const listener of recoverListeners) listener();
  };

  client.on('error', (err: Error) => markDown(err.message));
  client.on('close', () => markDown('connection closed'));
  client.on('ready', () => {
    brokenUntil = 0;
    markUp();
  });

  const isUp = () => client.status === 'ready' && Date.now() >= brokenUntil;
  return {
    client,
    isUp,
    downReason: () => (isUp() ? undefined : (lastError ?? `connection ${client.status}`)),
    async run(fn) {
      if (client.status !== 'ready') {
        if (!wasDown) markDown(`connection ${client.status}`);
        throw new RedisUnavailableError(lastError ?? client.status);
      }
      if (Date.now() < brokenUntil) throw new RedisUnavailableError(lastError ?? 'recent failure');
      try {
        const result = await fn(client);
        markUp();
        return result;
      } catch (error) {
        const message = (error as Error).message;
        markDown(message);
        // A command timed out on an open connection (Redis hangs): drop it and reconnect, so the
        // commands queued behind it fail now instead of each waiting for its own timeout.
        if (/timed out/i.test(message)) client.disconnect(true);
        throw error;
      }
    },
    onRecover(listener) {
      recoverListeners.push(listener);
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
