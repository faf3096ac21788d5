import type { ProductDetail } from '@store/contracts';
import { listHead, productData, productHead, summary, unitPrice } from './structuredData';

const origin = 'https://shop.example';
const product = {
  id: 7,
  name: 'Linen Shirt',
  category: 'Tops & Tees',
  description: 'A light shirt. '.repeat(30),
  image: '/api/media/products/7/1.webp',
  images: ['/api/media/products/7/1.webp', '/api/media/products/7/2.webp'],
  rating: 4.5,
  review_count: 12,
  variants: [
    { id: 1, sku: 'LS-M', sale_price: '19.99', regular_price: '29.99', stock: 3, attributes: { size: 'M' } },
    { id: 2, sku: 'LS-L', sale_price: '0.00', regular_price: '29.99', stock: 0, attributes: { size: 'L' } },
  ],
} as unknown as ProductDetail;

describe('structured data', () => {
  it('a Product with one Offer per variant: its unit price, currency, availability and sku', () => {
    const data = productData(origin, product);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Linen Shirt',
      url: `${origin}/products/7`,
      sku: 'LS-M',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 12 },
    });
    expect(data.image[0]).toMatch(/^https?:\/\/.+\/api\/media\/products\/7\/1\.webp$/);
    expect(data.offers).toEqual([
      expect.objectContaining({
        price: '19.99',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        sku: 'LS-M',
      }),
      expect.objectContaining({ price: '29.99', availability: 'https://schema.org/OutOfStock', sku: 'LS-L' }),
    ]);
    expect(unitPrice({ sale_price: '0', regular_price: '5.00' })).toBe('5.00');
  });

  it("a product page's head: canonical from the public URL, its picture, a BreadcrumbList to the category", () => {
    const head = productHead(origin, product);
    expect(head.canonical).toBe(`${origin}/products/7`);
    expect(head.type).toBe('product');
    expect(head.description.length).toBeLessThanOrEqual(160);
    const crumbs = head.jsonLd[1] as { itemListElement: { item: string }[] };
    expect(crumbs.itemListElement.map((c) => c.item)).toEqual([
      `${origin}/`,
      `${origin}/products/category/Tops%20%26%20Tees`,
      `${origin}/products/7`,
    ]);
  });

  it('a list: an ItemList numbered across pages, the page in its canonical URL', () => {
    const cards = [
      { id: 3, name: 'A', image: '/x' },
      { id: 4, name: 'B', image: '/y' },
    ] as never;
    const head = listHead(origin, { title: 'All products', path: '/products', products: cards, page: 2, pageSize: 24 });
    expect(head.canonical).toBe(`${origin}/products?page=2`);
    const list = head.jsonLd[0] as { itemListElement: { position: number; url: string }[] };
    expect(list.itemListElement).toEqual([
      expect.objectContaining({ position: 25, url: `${origin}/products/3` }),
      expect.objectContaining({ position: 26, url: `${origin}/products/4` }),
    ]);
  });

  it('summary cuts at a word, within its length', () => {
    expect(summary('one two three', 9)).toBe('one two…');
    expect(summary('  short  text ')).toBe('short text');
  });
});
