import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { contentSlugs, privatePaths, SITEMAP_MAX_URLS } from '@store/contracts/storefront';
import { rowsOf, type Db, type ExecRows } from '../../db/client';
import type { Cache } from '../../lib/cache';

/**
 * The catalogue's version as the catalog module keeps it in the shared cache (Redis across
 * processes): `invalidateCatalog` (modules/catalog/service.ts) sets a new one on every change to
 * products, variants, stock or categories. The shell's server keys its rendered pages by it.
 */
const CATALOG_VERSION_KEY = 'catalog:version';

export async function catalogVersion(cache: Cache): Promise<string> {
  return (await cache.get(CATALOG_VERSION_KEY)) ?? '0';
}

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => rowsOf<T>((await db.execute(query)) as ExecRows<T>);

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
const lastmod = (date: Date | string | null | undefined) => (date ? new Date(date).toISOString() : undefined);
const urlEntry = (loc: string, modified?: string) =>
  `<url><loc>${escapeXml(loc)}</loc>${modified ? `<lastmod>${modified}</lastmod>` : ''}</url>\n`;

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** robots.txt: the storefront is open; signed-in and personal screens are not for crawlers. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...privatePaths.map((p) => `Disallow: ${p}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The published products' sitemap files: how many, and when each one's newest product changed. */
async function productFiles(db: Db): Promise<{ file: number; modified: string | undefined }[]> {
  const found = await rows<{ file: number; modified: Date | string | null }>(
    db,
    sql`SELECT ((n - 1) / ${SITEMAP_MAX_URLS})::int AS file, max(last_modified_at) AS modified
        FROM (SELECT last_modified_at, row_number() OVER (ORDER BY id) AS n FROM products WHERE published) AS p
        GROUP BY 1 ORDER BY 1`,
  );
  return found.map((r) => ({ file: Number(r.file) + 1, modified: lastmod(r.modified) }));
}

/** sitemap.xml: a sitemap index naming the pages' file and one file per 50,000 published products. */
export async function sitemapIndex(db: Db, publicUrl: string): Promise<string> {
  const files = await productFiles(db);
  const [newest] = await rows<{ modified: Date | string | null }>(
    db,
    sql`SELECT max(last_modified_at) AS modified FROM products WHERE published`,
  );
  const entry = (name: string, modified?: string) =>
    `<sitemap><loc>${escapeXml(`${publicUrl}/${name}`)}</loc>${modified ? `<lastmod>${modified}</lastmod>` : ''}</sitemap>\n`;
  return (
    `${XML}<sitemapindex xmlns="${NS}">\n` +
    entry('sitemap-pages.xml', lastmod(newest?.modified)) +
    files.map((f) => entry(`sitemap-products-${f.file}.xml`, f.modified)).join('') +
    '</sitemapindex>\n'
  );
}

/** The home page, the lists, each category with products, the content pages. */
export async function pagesSitemap(db: Db, publicUrl: string): Promise<string> {
  const categories = await rows<{ name: string; modified: Date | string | null }>(
    db,
    sql`SELECT c.name, max(p.last_modified_at) AS modified
        FROM categories c JOIN products p ON p.category_id = c.id AND p.published
        GROUP BY c.name ORDER BY c.name`,
  );
  const newest = categories
    .map((c) => lastmod(c.modified))
    .sort()
    .at(-1);
  return (
    `${XML}<urlset xmlns="${NS}">\n` +
    urlEntry(`${publicUrl}/`, newest) +
    urlEntry(`${publicUrl}/products`, newest) +
    categories
      .map((c) => urlEntry(`${publicUrl}/products/category/${encodeURIComponent(c.name)}`, lastmod(c.modified)))
      .join('') +
    contentSlugs.map((slug) => urlEntry(`${publicUrl}/${slug}`)).join('') +
    '</urlset>\n'
  );
}

/** Rows read per query while a products file streams: its 50,000 URLs never sit in memory at once. */
const BATCH = 5_000;

/**
 * One file of product URLs (`file` from 1), streamed: the published products in id order, the
 * file's 50,000, read in batches by id. Null when there is no such file.
 */
export async function productsSitemap(db: Db, publicUrl: string, file: number): Promise<Readable | null> {
  const [start] = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM products WHERE published ORDER BY id OFFSET ${(file - 1) * SITEMAP_MAX_URLS} LIMIT 1`,
  );
  if (!start) return null;
  async function* lines() {
    yield `${XML}<urlset xmlns="${NS}">\n`;
    let after = Number(start!.id) - 1;
    let left = SITEMAP_MAX_URLS;
    while (left > 0) {
      const batch = await rows<{ id: number; modified: Date | string }>(
        db,
        sql`SELECT id, last_modified_at AS modified FROM products
            WHERE published AND id > ${after} ORDER BY id LIMIT ${Math.min(BATCH, left)}`,
      );
      if (batch.length === 0) break;
      yield batch.map((p) => urlEntry(`${publicUrl}/products/${p.id}`, lastmod(p.modified))).join('');
      after = Number(batch.at(-1)!.id);
      left -= batch.length;
    }
    yield '</urlset>\n';
  }
  return Readable.from(lines());
}
