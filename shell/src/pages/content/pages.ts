/** The store's content pages: route, title, and their Markdown (md/*.md), each loaded only when opened. */
import type { ContentSlug } from './slugs';

export const contentPages: Record<ContentSlug, { title: string; load: () => Promise<{ default: string }> }> = {
  terms: { title: 'Terms of Service', load: () => import('./md/terms.md') },
  privacy: { title: 'Privacy Policy', load: () => import('./md/privacy.md') },
  cookies: { title: 'Cookie Policy', load: () => import('./md/cookies.md') },
  accessibility: { title: 'Accessibility', load: () => import('./md/accessibility.md') },
  faq: { title: 'Frequently asked questions', load: () => import('./md/faq.md') },
  shipping: { title: 'Shipping', load: () => import('./md/shipping.md') },
  returns: { title: 'Returns', load: () => import('./md/returns.md') },
  'size-guide': { title: 'Size guide', load: () => import('./md/size-guide.md') },
  help: { title: 'Help center', load: () => import('./md/help.md') },
};

/** A content page's Markdown as a query: the shell's server loads it and sends it in the page. */
export const contentQuery = (slug: ContentSlug) => ({
  queryKey: ['content', slug] as const,
  queryFn: async () => (await contentPages[slug].load()).default,
  staleTime: Infinity,
});
