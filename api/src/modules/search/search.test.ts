import { describeEachDatabase } from '../../test/fixture';
import { FILTER_CASES, query, reference } from '../../test/searchReference';

interface Card {
  id: number;
  name: string;
  category: string;
  min_price: string;
}
interface ListBody {
  data: Card[];
  meta: { total: number; total_exact?: boolean };
  search?: { match: 'all' | 'some' | 'none'; suggestion?: string };
}

// Each database records what it found; the second one must find exactly the same, in the same order.
const seen = new Map<string, string>();
function sameOnBothDatabases(key: string, body: ListBody) {
  const found = JSON.stringify([body.search?.match, body.meta.total, body.data.map((p) => p.id)]);
  const other = seen.get(key);
  if (other === undefined) seen.set(key, found);
  else expect(found).toBe(other);
}

describeEachDatabase('shop search', (get) => {
  const search = async (term: string, extra = ''): Promise<ListBody> => {
    const res = await get().request({
      method: 'GET',
      url: `/api/products?search=${encodeURIComponent(term)}${extra.includes('page_size=') ? '' : '&page_size=100'}${extra}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const everything = async (): Promise<Card[]> =>
    (await get().request({ method: 'GET', url: '/api/products?page_size=100&sort=name' })).json().data;

  it('pages every search as its definition ranks, filters and sorts it', async () => {
    // 'saffron' at each weight, the lower ones newer: an attribute value (2) made before a description (1),
    // a name (3) first of all.
    const { request } = get();
    const token = await get().adminToken();
    const cats = (await request({ method: 'GET', url: '/api/admin/categories', token })).json().data;
    for (const [i, [name, description, finish]] of [
      ['Saffron Desk Lamp', 'A lamp.', 'Brass'],
      ['Harbor Desk Lamp', 'A lamp.', 'Saffron'],
      ['Juniper Desk Lamp', 'A lamp in saffron yellow.', 'Brass'],
    ].entries()) {
      const res = await request({
        method: 'POST',
        url: '/api/admin/products',
        token,
        payload: {
          name,
          description,
          category_id: cats[0].id,
          published: true,
          variants: [{ sku: `SDL-${i}`, regular_price: '30.00', stock: 2, attributes: { finish } }],
        },
      });
      expect(res.statusCode).toBe(201);
    }
    // One word at several weights ('saffron', 'soft', 'top'), two words (both: 'black cotton'; some: 'blue
    // dress', 'soft cotton'), three, and a word the catalogue corrects ('snekers').
    let nonEmpty = 0;
    for (const term of [
      'saffron',
      'saffron lamp',
      'black',
      'top',
      'soft',
      'dress',
      'snekers',
      'blue dress',
      'black cotton',
      'soft cotton',
      'black top',
      'black cotton top',
      'blue cotton dress',
      'black cotton tee',
    ]) {
      for (const filters of FILTER_CASES) {
        for (const page of [1, 2, 3]) {
          const body = await search(term, `&page_size=3&page=${page}${query(filters)}`);
          const expected = await reference(get().app, term, filters, page, 3);
          expect({
            term,
            filters,
            page,
            match: body.search?.match,
            total: body.meta.total,
            ids: body.data.map((p) => p.id),
          }).toEqual({ term, filters, page, ...expected, match: expected.total > 0 ? expected.match : 'none' });
          sameOnBothDatabases(`${term}:${JSON.stringify(filters)}:${page}`, body);
          if (page === 1 && body.data.length > 0) nonEmpty += 1;
          if (page === 1 && body.data[1]) {
            // Without one product (each request of the benchmark leaves another out).
            const skip = { ...filters, exclude: body.data[1].id };
            const without = await search(term, `&page_size=3${query(skip)}`);
            expect(without.data.map((p) => p.id)).toEqual((await reference(get().app, term, skip, 1, 3)).ids);
          }
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('forgives a typo and a free word order', async () => {
    const products = await everything();
    const target = products.find((p) => p.name.split(' ').some((w) => w.length >= 7))!;
    const words = target.name.toLowerCase().split(' ');
    const long = words.find((w) => w.length >= 7)!;
    // "structured" -> "strcutured": two letters swapped inside the word.
    const at = [...long].findIndex((ch, i) => i >= 3 && ch !== long[i + 1]);
    const typo = long.slice(0, at) + long[at + 1] + long[at] + long.slice(at + 2);
    expect(typo).not.toBe(long);
    const reordered = words
      .map((w) => (w === long ? typo : w))
      .reverse()
      .join(' ');
    const body = await search(reordered);
    expect(body.search?.match).toBe('all');
    expect(body.data.map((p) => p.id)).toContain(target.id);
    // Relevance first: the product whose name holds every word leads.
    expect(body.data[0]!.name.toLowerCase().split(' ')).toEqual(expect.arrayContaining(words));
    sameOnBothDatabases('typo', body);
  });

  it('searches category names and attribute values (colour)', async () => {
    const dresses = await search('dresses');
    expect(dresses.data.length).toBeGreaterThan(0);
    expect(dresses.data.every((p) => p.category === 'Dresses')).toBe(true);

    const products = await everything();
    const detail = (await get().request({ method: 'GET', url: `/api/products/${products[0]!.id}` })).json();
    const colour: string = detail.attributes.find((a: { name: string }) => a.name === 'colour').values[0];
    const byColour = await search(`${colour} ${detail.category}`);
    expect(byColour.search?.match).toBe('all');
    expect(byColour.data.map((p) => p.id)).toContain(detail.id);
    expect(byColour.data.every((p) => p.category === detail.category)).toBe(true);
    sameOnBothDatabases('colour', byColour);
  });

  it('falls back to products matching some words when none match them all', async () => {
    // The small catalogue has no blue dress: dresses (and anything blue) are the close matches.
    const body = await search('blue dress');
    expect(body.search?.match).toBe('some');
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data[0]!.category).toBe('Dresses');
    sameOnBothDatabases('some', body);
  });

  it("says 'did you mean' when nothing matches", async () => {
    // Too far from "wrap" to be corrected silently, close enough to be offered.
    const body = await search('wrp');
    expect(body.data).toEqual([]);
    expect(body.meta.total).toBe(0);
    expect(body.search).toEqual({ match: 'none', suggestion: 'wrap' });
    const none = await search('qqqqzzzz');
    expect(none.search).toEqual({ match: 'none' });
    // Offered only where it finds something under the search's own filters (its link keeps them): in the
    // category of the products it finds, not in a category without them.
    const wraps = (await search('wrap')).data;
    const categories = (await get().request({ method: 'GET', url: '/api/products/categories' })).json().data as {
      name: string;
    }[];
    const without = categories.find((c) => !wraps.some((p) => p.category === c.name))!;
    expect(wraps.length).toBeGreaterThan(0);
    expect(without).toBeDefined();
    expect((await search('wrp', `&category=${encodeURIComponent(wraps[0]!.category)}`)).search).toEqual({
      match: 'none',
      suggestion: 'wrap',
    });
    expect((await search('wrp', `&category=${encodeURIComponent(without.name)}`)).search).toEqual({ match: 'none' });
    // Words the catalogue has, that the filters leave nothing of: no word of theirs to offer.
    const blue = await search('blue dress', `&category=${encodeURIComponent(without.name)}&max_price=0.01`);
    expect(blue.search).toEqual({ match: 'none' });
  });

  it('keeps the filters and an explicit order while searching', async () => {
    const body = await search('jacket', '&sort=price_asc&category=Outerwear');
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((p) => p.category === 'Outerwear')).toBe(true);
    const prices = body.data.map((p) => Number(p.min_price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const black = await search('black', '&page_size=100');
    expect(black.meta.total).toBeGreaterThan(4);
    expect(black.meta.total_exact).toBeUndefined();
  });

  it('finds products under a renamed category by its new name', async () => {
    const { request } = get();
    const token = await get().adminToken();
    const cats = (await request({ method: 'GET', url: '/api/admin/categories', token })).json().data;
    const tops = cats.find((c: { name: string }) => c.name === 'Tops');
    expect((await search('blouson')).data).toEqual([]);
    const res = await request({
      method: 'PUT',
      url: `/api/admin/categories/${tops.id}`,
      token,
      payload: { name: 'Blouson', description: tops.description ?? '' },
    });
    expect(res.statusCode).toBe(200);
    const found = await search('blouson');
    expect(found.data.length).toBeGreaterThan(0);
    expect(found.data.every((p) => p.category === 'Blouson')).toBe(true);
  });
});
