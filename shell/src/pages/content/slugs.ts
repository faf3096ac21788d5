/** The content pages' paths (the router's list; their text and titles load with the page: pages.ts). */
export { contentSlugs, type ContentSlug } from '@store/contracts/storefront';
