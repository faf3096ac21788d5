import type {
  CategoriesResponse,
  PageHead,
  ProductDetail,
  ProductListResponse,
  RemoteServerModule,
} from '@store/contracts';
import { getStatus } from '@store/http';
import { categoriesQuery, productQuery } from '@store/shopper';
import { homeRowQuery, homeRows } from '../features/home/homeRows';
import { queryFromUrl } from '../features/product-list/listParams';
import { productsQuery } from '../features/products/api/get-products';
import { categoryPath, itemList, listHead, productHead } from '../features/seo/structuredData';
import { firstPage, pages } from './firstPage';
import { build, views } from './routes';

const STORE_DESCRIPTION = 'Shop clothing, shoes and accessories: new arrivals, sales and featured picks.';

const notFound = (origin: string, url: URL): { status: 404; head: PageHead } => ({
  status: 404,
  head: {
    title: 'Page not found',
    description: STORE_DESCRIPTION,
    canonical: `${origin}${url.pathname}`,
    type: 'website',
    jsonLd: [],
  },
});

const missing = (error: unknown) => getStatus(error) === 404 || getStatus(error) === 400;

/**
 * `./server` of the catalog's server build (issue 30): the shell's server calls `load` for `/` and
 * `/products/*`, which fills the request's query cache with exactly the queries the page's hooks
 * make (same keys and functions as `firstPage`), and says the page's status, head and JSON-LD.
 */
export const load: RemoteServerModule<'catalog'>['load'] = async ({ url, queryClient, publicUrl: origin }) => {
  const first = firstPage(url);
  if (!first) return notFound(origin, url);
  const [categories] = await Promise.all([
    queryClient.fetchQuery(categoriesQuery) as Promise<CategoriesResponse>,
    pages[first.page].load(),
  ]);
  if (first.page === 'home') {
    const rows = await Promise.all(
      homeRows.map((r) => queryClient.fetchQuery(productsQuery(homeRowQuery(r.query))).catch(() => null)),
    );
    const arrivals = (rows[0] as ProductListResponse | null)?.data ?? [];
    return {
      status: 200,
      head: {
        title: null,
        description: STORE_DESCRIPTION,
        canonical: `${origin}/`,
        type: 'website',
        jsonLd: [itemList(origin, homeRows[0]!.title, arrivals)],
      },
    };
  }
  if (first.page === 'details') {
    const id = Number(url.pathname.split('/')[2]);
    let product: ProductDetail;
    try {
      product = (await queryClient.fetchQuery(productQuery(id))) as ProductDetail;
    } catch (error) {
      if (missing(error)) return notFound(origin, url);
      throw error;
    }
    // "You may also like" is in the page too (the same query as the page's).
    await queryClient.prefetchQuery(productsQuery({ category: product.category, exclude: product.id, page_size: 8 }));
    return { status: 200, head: productHead(origin, product) };
  }
  const parts = url.pathname.split('/').filter(Boolean);
  let pathCategory: string | undefined;
  try {
    pathCategory = parts[2] === undefined ? undefined : decodeURIComponent(parts[2]);
  } catch {
    return notFound(origin, url);
  }
  const query = queryFromUrl(url.searchParams, pathCategory);
  const category = query.category
    ? categories.data.find((c) => c.name.toLowerCase() === query.category!.toLowerCase())
    : undefined;
  if (query.category && !category) return notFound(origin, url);
  const list = (await queryClient.fetchQuery(productsQuery(query))) as ProductListResponse;
  const title = query.search ? `Results for “${query.search}”` : (category?.name ?? 'All products');
  return {
    status: 200,
    head: listHead(origin, {
      title,
      path: category ? categoryPath(category.name) : '/products',
      category,
      products: list.data,
      page: Number(query.page ?? 1),
      pageSize: list.meta.page_size,
    }),
  };
};

export { build, views };
