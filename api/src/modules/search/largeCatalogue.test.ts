import { describeEachDatabase } from '../../test/fixture';
import { query, reference, type Filters } from '../../test/searchReference';

// 3,000 products (SEED_PRODUCTS): a word's matches run to hundreds and thousands, so a page sorted by price,
// date or name walks the cells of the order (search.sorted) instead of sorting every match, and the
// relevance tiers hold many products each.
describeEachDatabase(
  'shop search on a large catalogue',
  (get) => {
    it('pages every search as its definition ranks, filters and sorts it, deep pages too', async () => {
      const cases: Filters[] = [
        {},
        { sort: 'newest' },
        { sort: 'price_asc' },
        { sort: 'price_desc', min_price: 20, max_price: 80 },
        { sort: 'name' },
        { sort: 'price_asc', category: 'Tops', in_stock: true },
        { min_price: 12.5, max_price: 79.99 },
      ];
      let deep = 0;
      for (const term of ['black', 'collection', 'black cotton', 'sneakers', 'leather bag', 'blue dress']) {
        for (const filters of cases) {
          for (const page of [1, 5]) {
            const body = (
              await get().request({
                method: 'GET',
                url: `/api/products?search=${encodeURIComponent(term)}&page_size=24&page=${page}${query(filters)}`,
              })
            ).json();
            const expected = await reference(get().app, term, filters, page, 24);
            expect({ term, filters, page, match: body.search.match, total: body.meta.total }).toEqual({
              term,
              filters,
              page,
              match: expected.total > 0 ? expected.match : 'none',
              total: Math.min(expected.total, 1000),
            });
            expect(body.data.map((p: { id: number }) => p.id)).toEqual(expected.ids);
            if (page === 5 && body.data.length === 24) deep += 1;
          }
        }
      }
      expect(deep).toBeGreaterThan(20);
    });
  },
  { seedProducts: 3000 },
);
