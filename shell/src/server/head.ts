import type { PageHead } from '@store/contracts';

export const STORE_NAME = 'Store';
/** The store's own title and description (the shell's index.html says the same). */
export const STORE_TITLE = 'Store — shop the latest styles';
export const STORE_DESCRIPTION = 'Shop clothing, shoes and accessories: new arrivals, sales and featured picks.';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a `<script>` element: `<` escaped, so no `</script>` (or `<!--`) in the data can end it. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The page's `<head>` tags: title, description, canonical URL, Open Graph, Twitter and JSON-LD. */
export function headTags(head: PageHead): string {
  const title = head.title ? `${head.title} · ${STORE_NAME}` : STORE_TITLE;
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    meta('property', 'og:site_name', STORE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title ?? STORE_TITLE),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title ?? STORE_TITLE),
    meta('name', 'twitter:description', head.description),
    ...(head.image ? [meta('name', 'twitter:image', head.image)] : []),
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  return tags.join('\n    ');
}
