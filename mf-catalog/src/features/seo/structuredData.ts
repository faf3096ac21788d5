import type { Category, PageHead, ProductCard, ProductDetail, Variant } from '@store/contracts';
import { assetUrl } from '@store/http';

/** The store's currency (prices are decimal strings of it). */
export const CURRENCY = 'USD';

/** SPEC.md section 9: a unit costs its sale price when that is above 0, else its regular price. */
export const unitPrice = (v: Pick<Variant, 'sale_price' | 'regular_price'>) =>
  Number(v.sale_price) > 0 ? v.sale_price : v.regular_price;

export const productPath = (id: number) => `/products/${id}`;
export const categoryPath = (name: string) => `/products/category/${encodeURIComponent(name)}`;

/** Plain text of at most `max` characters, cut at a word: a description for `<meta>`. */
export function summary(text: string, max = 160): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

type Crumb = { name: string; path: string };

/** schema.org BreadcrumbList: Home › … › the page. */
export function breadcrumbs(origin: string, crumbs: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: `${origin}${c.path}`,
    })),
  };
}

/** schema.org ItemList of product pages, in the order the page lists them. */
export function itemList(origin: string, name: string, products: ProductCard[], offset = 0) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: products.length,
    itemListElement: products.map((p, i) => ({
      '@type': 'ListItem',
      position: offset + i + 1,
      url: `${origin}${productPath(p.id)}`,
      name: p.name,
    })),
  };
}

/** schema.org Product with one Offer per variant (price, currency, availability, sku). */
export function productData(origin: string, product: ProductDetail) {
  const url = `${origin}${productPath(product.id)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: product.name,
    description: summary(product.description, 5000),
    image: product.images.map((image) => assetUrl(image)),
    sku: product.variants[0]?.sku,
    category: product.category,
    url,
    offers: product.variants.map((v) => ({
      '@type': 'Offer',
      url,
      sku: v.sku,
      price: unitPrice(v),
      priceCurrency: CURRENCY,
      availability: v.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    })),
    ...(product.review_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            reviewCount: product.review_count,
          },
        }
      : {}),
  };
}

/** A product page's head. */
export function productHead(origin: string, product: ProductDetail): PageHead {
  const image = product.images[0] ?? product.image;
  return {
    title: product.name,
    description: summary(product.description),
    canonical: `${origin}${productPath(product.id)}`,
    image: image ? assetUrl(image) : undefined,
    type: 'product',
    jsonLd: [
      productData(origin, product),
      breadcrumbs(origin, [
        { name: 'Home', path: '/' },
        { name: product.category, path: categoryPath(product.category) },
        { name: product.name, path: productPath(product.id) },
      ]),
    ],
  };
}

/** A list's head: one category, or all products. */
export function listHead(
  origin: string,
  o: { title: string; path: string; category?: Category; products: ProductCard[]; page: number; pageSize: number },
): PageHead {
  const canonical = `${origin}${o.path}${o.page > 1 ? `?page=${o.page}` : ''}`;
  const crumbs: Crumb[] = [
    { name: 'Home', path: '/' },
    { name: 'All products', path: '/products' },
  ];
  if (o.category) crumbs.push({ name: o.category.name, path: categoryPath(o.category.name) });
  return {
    title: o.title,
    description: summary(
      o.category?.description ||
        `${o.title}: clothing, shoes and accessories, with new arrivals every week and free returns within 30 days.`,
    ),
    canonical,
    image: o.category?.image ? assetUrl(o.category.image) : o.products[0] ? assetUrl(o.products[0].image) : undefined,
    type: 'website',
    jsonLd: [
      ...(o.category ? [breadcrumbs(origin, crumbs)] : []),
      itemList(origin, o.title, o.products, (o.page - 1) * o.pageSize),
    ],
  };
}
