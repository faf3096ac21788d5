/**
 * Rendered pages, kept for the next visitor who would get the same HTML: the same address, the same
 * builds of the remotes, the same catalogue. The catalogue's version is the API's own
 * (`catalog:version`, which `invalidateCatalog` bumps on every change to products, variants, stock or
 * categories, in Redis across processes), read per render: an admin's price change, a stock change or
 * an unpublished product shows on the very next render. Signed-out HTML only (the server never
 * renders a session), so one copy serves every visitor.
 */
export interface RenderCacheOptions {
  /** Pages kept at most (least recently used dropped first). */
  maxEntries: number;
  /** A kept page is rendered again after this long even if nothing changed. */
  ttlMs: number;
  now?: () => number;
}

export function createRenderCache<T>(o: RenderCacheOptions) {
  const entries = new Map<string, { value: T; until: number }>();
  const now = o.now ?? Date.now;
  return {
    get(key: string): T | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      entries.delete(key);
      if (hit.until <= now()) return undefined;
      entries.set(key, hit); // most recently used last
      return hit.value;
    },
    set(key: string, value: T): void {
      entries.delete(key);
      entries.set(key, { value, until: now() + o.ttlMs });
      while (entries.size > o.maxEntries) entries.delete(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
  };
}
