/** The content pages' paths (the router's list; their text and titles load with the page: pages.ts). */
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
