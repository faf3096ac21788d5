import type { ProductListQuery } from '@store/contracts';

/** The home page's product rails, in order: each one list query of 8 products. */
export const homeRows: { title: string; query: ProductListQuery; link: string; eager?: boolean }[] = [
  { title: 'New arrivals', query: { sort: 'newest' }, link: '/products?sort=newest', eager: true },
  { title: 'On sale', query: { on_sale: true }, link: '/products?on_sale=true' },
  { title: 'Featured', query: { featured: true }, link: '/products?featured=true' },
];

export const HOME_ROW_SIZE = 8;

export const homeRowQuery = (query: ProductListQuery): ProductListQuery => ({ ...query, page_size: HOME_ROW_SIZE });
