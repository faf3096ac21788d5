/**
 * The storefront's content pages (the shell renders them from Markdown): their paths, for the shell's
 * routes and the API's sitemap.
 */
export const contentSlugs = [
  'terms',
  'privacy',
  'cookies',
  'accessibility',
  'faq',
  'shipping',
  'returns',
  'size-guide',
  'help',
] as const;
export type ContentSlug = (typeof contentSlugs)[number];

/** Paths no crawler is asked to read (robots.txt): signed-in and personal screens. */
export const privatePaths = ['/cart', '/checkout', '/account', '/wishlist', '/orders', '/admin', '/auth'] as const;

/** At most this many URLs in one sitemap file (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;
