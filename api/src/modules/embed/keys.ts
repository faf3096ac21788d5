import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, integrationKeys } from '../../db/schema';

/** What an embed request needs of its key, as read from the database. */
export interface EmbedKey {
  id: number;
  key: string;
  origins: readonly string[];
  /** The one category the key shows, if it is limited to one. */
  category: string | null;
  expiresAt: Date | null;
  revoked: boolean;
}

export type KeyState = 'active' | 'unknown' | 'revoked' | 'expired';

export function keyState(key: EmbedKey | null, now = Date.now()): KeyState {
  if (!key) return 'unknown';
  if (key.revoked) return 'revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= now) return 'expired';
  return 'active';
}

/**
 * Integrator keys as embed requests read them: every embed request (its CORS answer included) needs
 * its key, so each process keeps a key for `ttlSeconds` (at most a minute: a revoke or a new origin is
 * seen within it, with no restart). Unknown keys are kept too, so a flood of made-up keys reads the
 * database once per key and period; the map is bounded and drops its oldest entry when full.
 */
export function createKeyStore(db: () => Db, ttlSeconds: number, maxEntries = 10_000) {
  const entries = new Map<string, { value: Promise<EmbedKey | null>; until: number }>();
  const load = async (key: string): Promise<EmbedKey | null> => {
    const [row] = await db()
      .select({ key: integrationKeys, category: categories.name })
      .from(integrationKeys)
      .leftJoin(categories, eq(categories.id, integrationKeys.categoryId))
      .where(eq(integrationKeys.key, key))
      .limit(1);
    if (!row) return null;
    return {
      id: row.key.id,
      key: row.key.key,
      origins: row.key.allowedOrigins,
      category: row.key.categoryId === null ? null : row.category,
      expiresAt: row.key.expiresAt,
      revoked: row.key.revokedAt !== null,
    };
  };
  return {
    get(key: string): Promise<EmbedKey | null> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value;
      if (hit) entries.delete(key);
      const value = load(key);
      if (ttlSeconds > 0) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(key, { value, until: now + ttlSeconds * 1000 });
        // A failed read (database down) is not kept: the next request tries again.
        value.catch(() => entries.delete(key));
      }
      return value;
    },
    /** This process's own changes (admin edits) are seen at once. */
    forget(key: string) {
      entries.delete(key);
    },
  };
}
export type KeyStore = ReturnType<typeof createKeyStore>;

/** `/api/embed/{key}/…` → the key, else undefined. */
export function embedKeyOfUrl(url: string): string | undefined {
  const match = /^\/api\/embed\/([^/?#]+)/.exec(url);
  return match?.[1];
}
