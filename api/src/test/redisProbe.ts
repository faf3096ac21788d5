import { Redis } from 'ioredis';

/** The Redis the suites that need one use (`TEST_REDIS_URL`, else the local one). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why Redis cannot be reached (the suite then skips its Redis half and says so), or null when it answers. */
export async function redisUnreachable(url = TEST_REDIS_URL): Promise<string | null> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    probe.disconnect();
  }
}
