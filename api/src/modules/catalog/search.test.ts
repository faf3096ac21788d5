import { productListQuerySchema } from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { describeEachDatabase } from '../../test/fixture';
import { listProductsJson } from './service';

interface Card {
  id: number;
  name: string;
  category: string;
}
interface ListBody {
  data: Card[];
  meta: { total: number; total_exact?: boolean };
  search?: { match: 'all' | 'some' | 'none'; suggestion?: string };
}

// Each database records what it found; the second one must find exactly the same, in the same order.
const seen = new Map<string, string>();
function sameOnBothDatabases(key: string, body: ListBody) {
  const ids = JSON.stringify(body.data.map((p) => p.id));
  const other = seen.get(key);
  if (other === undefined) seen.set(key, ids);
  else expect(ids).toBe(other);
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
    const prices = body.data.map((p) => Number((p as unknown as { min_price: string }).min_price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('ranks a page from the words index as a full evaluation ranks it, page after page', async () => {
    // One word, and some of two words that no product has both of, are read from the words' index in
    // rank order and stop at the page; a filter (here one every product passes) makes the search join
    // every match to its columns and rank them all. Both must give the same pages.
    // Both of two words come from the posting lists on PostgreSQL (search_postings, migration 0013, read by
    // store_two_word_page of 0014), and so do the counts of one word; each also without one product
    // (`exclude`): 'black cotton' (all), 'soft cotton' (some).
    for (const term of [
      'black',
      'navy',
      'cotton',
      'blue dress',
      'black cotton',
      'soft cotton',
      'black top',
      'soft black',
      // Three words, from the posting lists on PostgreSQL (store_many_words_page, 0015): every word; some
      // of them ('black cotton tee': two words, then one, across pages).
      'black cotton top',
      'black leather bag',
      'blue cotton dress',
      'black cotton tee',
    ]) {
      for (const page of [1, 2, 3]) {
        const ranked = await search(term, `&page_size=4&page=${page}`);
        const full = await search(term, `&page_size=4&page=${page}&min_price=0`);
        if (term === 'black cotton') expect(ranked.search?.match).toBe('all');
        const second = ranked.data[1]?.id;
        if (second) {
          const without = await search(term, `&page_size=4&page=${page}&exclude=${second}`);
          const fullWithout = await search(term, `&page_size=4&page=${page}&exclude=${second}&min_price=0`);
          expect(without.data.map((p) => p.id)).toEqual(fullWithout.data.map((p) => p.id));
          expect(without.meta.total).toBe(fullWithout.meta.total);
        }
        expect(ranked.search?.match).toBe(full.search?.match);
        expect(ranked.data.map((p) => p.id)).toEqual(full.data.map((p) => p.id));
        expect(ranked.meta.total).toBe(full.meta.total);
        sameOnBothDatabases(`ranked:${term}:${page}`, ranked);
      }
    }
    // Pages across one word's weight tiers: 'soft' (2 names, then 1 description), 'top' (1 name, 3
    // categories).
    for (const term of ['soft', 'top']) {
      for (const page of [1, 2]) {
        const ranked = await search(term, `&page_size=2&page=${page}`);
        const full = await search(term, `&page_size=2&page=${page}&min_price=0`);
        expect(ranked.data.map((p) => p.id)).toEqual(full.data.map((p) => p.id));
        expect(ranked.meta.total).toBe(full.meta.total);
        sameOnBothDatabases(`tiers:${term}:${page}`, ranked);
      }
    }
    const body = await search('black', '&page_size=100');
    expect(body.meta.total).toBeGreaterThan(4);
    expect(body.meta.total_exact).toBeUndefined();
  });

  it('filters and orders a search the same on both databases, page after page', async () => {
    // On PostgreSQL a search of one or two words with a filter or another order comes from the posting
    // and facet lists (store_facet_page, migration 0015); PGlite joins the words' rows to product_search.
    // Prices with cents cut a dollar cell of the price grid, whose products are checked one by one.
    type Priced = Card & { min_price: string; featured?: boolean };
    const cases: { extra: string; keep: (p: Priced) => boolean; order?: (a: Priced, b: Priced) => number }[] = [
      { extra: '&min_price=20&max_price=60', keep: (p) => +p.min_price >= 20 && +p.min_price <= 60 },
      { extra: '&min_price=20.5&max_price=60.49', keep: (p) => +p.min_price >= 20.5 && +p.min_price <= 60.49 },
      { extra: '&min_price=45', keep: (p) => +p.min_price >= 45 },
      {
        extra: '&max_price=39.99&sort=price_desc',
        keep: (p) => +p.min_price <= 39.99,
        order: (a, b) => +b.min_price - +a.min_price,
      },
      { extra: '&category=Tops', keep: (p) => p.category === 'Tops' },
      { extra: '&in_stock=true&sort=price_asc', keep: () => true, order: (a, b) => +a.min_price - +b.min_price },
      { extra: '&on_sale=true', keep: () => true },
      { extra: '&featured=true', keep: () => true },
      { extra: '&sort=newest', keep: () => true },
      { extra: '&sort=name', keep: () => true, order: (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) },
      { extra: '&sort=price_asc&category=Dresses&max_price=200', keep: (p) => p.category === 'Dresses' },
      // Whole $10 cells from the words' price cells on PostgreSQL (migration 0016), the ends from the grid.
      { extra: '&min_price=10&max_price=80', keep: (p) => +p.min_price >= 10 && +p.min_price <= 80 },
      {
        extra: '&min_price=12.5&max_price=79.99&in_stock=true&sort=price_desc',
        keep: (p) => +p.min_price >= 12.5 && +p.min_price <= 79.99,
        order: (a, b) => +b.min_price - +a.min_price,
      },
      {
        extra: '&min_price=30&max_price=39.99&category=Tops',
        keep: (p) => +p.min_price >= 30 && +p.min_price <= 39.99 && p.category === 'Tops',
      },
    ];
    let nonEmpty = 0;
    // 'top' and 'soft' have products at two weights (a name and a category or a description).
    for (const term of [
      'black',
      'top',
      'soft',
      'dress',
      'blue dress',
      'black cotton',
      'soft cotton',
      'black top',
      'black cotton top',
      'blue cotton dress',
    ]) {
      for (const { extra, keep, order } of cases) {
        const pages: Priced[] = [];
        for (const page of [1, 2, 3]) {
          const body = await search(term, `&page_size=3&page=${page}${extra}`);
          pages.push(...(body.data as Priced[]));
          sameOnBothDatabases(`facets:${term}:${extra}:${page}`, body);
          sameOnBothDatabases(`facets-meta:${term}:${extra}:${page}`, {
            data: [{ id: body.meta.total, name: body.search?.match ?? '', category: '' }],
            meta: body.meta,
          });
        }
        expect(pages.every(keep)).toBe(true);
        if (order) expect(pages).toEqual([...pages].sort(order));
        if (pages.length > 0) nonEmpty += 1;
      }
    }
    expect(nonEmpty).toBeGreaterThan(55);
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

describeEachDatabase('shop search filters follow every change', (get) => {
  // On PostgreSQL, the facet lists (migration 0015) say what product_search says, after every write: the
  // lists recomputed from it, and the stored ones that are not empty, are the same.
  /**
   * Lists recomputed from product_search (`fresh`) against the stored ones (`kept`, same columns): how
   * many rows either has that the other has not, and how many are stored.
   */
  // These checks read every word's lists at once: on the start-up connection, which has none of the
  // requests' timeouts (a request's statement is cancelled after 1.5 s, too soon for them on a busy machine).
  const check = (query: SQL) => get().app.database.exclusive((db) => db.execute(query));
  const compareLists = async (fresh: SQL, kept: SQL) => {
    const result = (await check(sql`
      WITH fresh AS (${fresh}), kept AS (${kept})
      SELECT ((SELECT count(*) FROM (SELECT * FROM fresh EXCEPT SELECT * FROM kept) a)
        + (SELECT count(*) FROM (SELECT * FROM kept EXCEPT SELECT * FROM fresh) b))::int AS differ,
        (SELECT count(*) FROM kept)::int AS lists`)) as unknown as { rows: { differ: number; lists: number }[] };
    return result.rows[0]!;
  };
  const facetsAreCurrent = async () => {
    if (get().driver !== 'postgres') return;
    const facets = await compareLists(
      sql`SELECT f.kind, f.key, array_agg(s.product_id ORDER BY s.product_id) AS ids FROM product_search s,
          store_product_facets(s.published, s.category_id, s.on_sale, s.in_stock, s.featured, s.min_price_cents,
            s.created_at, s.name) f
        GROUP BY f.kind, f.key`,
      sql`SELECT kind, key, ids FROM search_facets WHERE ids <> '{}'`,
    );
    expect(facets.differ).toBe(0);
    expect(facets.lists).toBeGreaterThan(10);
    // Each word's products by $10 price cell (migration 0016) likewise, and what a price range reads from
    // them (store_word_price_filter) is what product_search says: for every catalogue word, and every two
    // consecutive ones as one word's group, its products and a third of them left out, under ranges
    // within a $10 cell, cutting cells at the dollar and the cent, over 16 cells (the grid instead) and open.
    const cells = await compareLists(
      sql`SELECT l.lexeme AS term, s.min_price_cents / 1000 AS cell, array_agg(s.product_id ORDER BY s.product_id) AS ids
        FROM product_search s, unnest(s.document) AS l WHERE s.published GROUP BY 1, 2`,
      sql`SELECT term, cell, ids FROM search_price_postings WHERE ids <> '{}'`,
    );
    expect(cells.differ).toBe(0);
    expect(cells.lists).toBeGreaterThan(50);
    const filtered = (await check(sql`
      WITH r(lo, hi) AS (VALUES (1000, 8000), (1250, 7999), (2000, 2999), (1999, 4001), (2050, 6049), (0, 999),
        (0, 3999), (3000, 3000), (0, 15999), (0, 16999), (990, 17010), (4500, 2147483647), (0, 2147483647)),
      t AS (SELECT p.term, store_int_union(p.ids) AS ids FROM search_postings p GROUP BY p.term),
      g AS (
        SELECT ARRAY[t.term] AS g, t.ids FROM t
        UNION ALL
        SELECT ARRAY[x.term, x.next], x.ids | x.next_ids FROM (
          SELECT t.term, t.ids, lead(t.term) OVER (ORDER BY t.term) AS next,
            lead(t.ids) OVER (ORDER BY t.term) AS next_ids FROM t) x WHERE x.next IS NOT NULL
      ), c AS (
        SELECT g.g, icount(g.ids) AS size, r.lo, r.hi, m.m FROM g, r,
          LATERAL (VALUES (g.ids), (g.ids - ARRAY(SELECT i FROM unnest(g.ids) AS i WHERE i % 3 = 0))) AS m(m)
      )
      SELECT count(*) FILTER (WHERE store_word_price_filter(c.m, c.g, c.size, c.lo, c.hi) IS DISTINCT FROM
          coalesce((SELECT array_agg(s.product_id ORDER BY s.product_id) FROM product_search s
            WHERE s.published AND s.product_id = ANY(c.m) AND s.min_price_cents BETWEEN c.lo AND c.hi), '{}'))::int AS differ,
        count(*) FILTER (WHERE icount(store_word_price_filter(c.m, c.g, c.size, c.lo, c.hi)) > 0)::int AS found
      FROM c`)) as unknown as { rows: { differ: number; found: number }[] };
    expect(filtered.rows[0]!.differ).toBe(0);
    expect(filtered.rows[0]!.found).toBeGreaterThan(500);
  };

  it('answers a phrase of words it has seen, one by one, as a fresh lookup does', async () => {
    // What each word stands for is remembered word by word (service.ts, wordGroups): a phrase of words
    // seen alone, a stop word among them ('the' stands for nothing), must rank as without the memo.
    const { app } = get();
    const version = 'phrase-test';
    const list = (search: string, memo: boolean) =>
      listProductsJson(app.db, productListQuerySchema.parse({ search, page_size: '10' }), memo ? version : undefined);
    for (const word of ['black', 'soft', 'cotton', 'the', 'snekers', 'top']) await list(word, true);
    for (const phrase of ['soft black', 'black the cotton', 'cotton snekers', 'top soft black', 'the top']) {
      expect(await list(phrase, true)).toBe(await list(phrase, false));
    }
  });

  it('finds a word new to the catalogue as soon as a product brings it', async () => {
    // What a search word stands for is remembered per catalogue version (service.ts, wordGroups): a
    // remembered "nothing" must not outlive the product that brings the word.
    const { request } = get();
    const token = await get().adminToken();
    const search = async (query: string): Promise<ListBody> =>
      (await request({ method: 'GET', url: `/api/products?search=${encodeURIComponent(query)}` })).json();
    const ids = async (query: string, match: string) => {
      const body = await search(query);
      return body.search?.match === match ? body.data.map((p) => p.id) : [];
    };
    expect((await search('quokka')).search?.match).toBe('none');
    expect((await search('quokka loafers')).search?.match).not.toBe('all');
    const cats = (await request({ method: 'GET', url: '/api/admin/categories', token })).json().data;
    const created = await request({
      method: 'POST',
      url: '/api/admin/products',
      token,
      payload: {
        name: 'Quokka Suede Loafers',
        description: 'Soft and light.',
        category_id: (cats as { id: number }[])[0]!.id,
        published: true,
        variants: [{ sku: 'QSL-1', regular_price: '60.00', stock: 3, attributes: { size: '42' } }],
      },
    });
    expect(created.statusCode).toBe(201);
    const id: number = created.json().id;
    expect(await ids('quokka', 'all')).toEqual([id]);
    expect(await ids('quokka loafers', 'all')).toEqual([id]);
    expect((await request({ method: 'DELETE', url: `/api/admin/products/${id}`, token })).statusCode).toBe(204);
    expect((await search('quokka')).search?.match).toBe('none');
  });

  it('pages a filtered search by price to the cent, as many products share a price cell', async () => {
    // Fourteen products of one new word, priced across dollar and $10 cells of the price grid (migration
    // 0015): a range with cents cuts a dollar cell, and sorting by price reads the cells in order.
    const { request } = get();
    const token = await get().adminToken();
    const cats = (await request({ method: 'GET', url: '/api/admin/categories', token })).json().data;
    const prices = [
      '20.10',
      '20.60',
      '20.95',
      '21.00',
      '25.50',
      '29.99',
      '30.00',
      '30.00',
      '31.25',
      '39.99',
      '40.00',
      '45.45',
      '59.99',
      '60.49',
    ];
    // The last three are found by an attribute value, 'Quokkaland' (a catalogue word that "quokka" begins: the
    // word's second weight), the others by their name; every other one of those has that value too, so the
    // word's catalogue words overlap.
    const made: { id: number; name: string; price: number; sale: boolean; stock: number; named: boolean }[] = [];
    for (const [i, price] of prices.entries()) {
      const sale = i % 3 === 0;
      const stock = i % 4 === 1 ? 0 : 5;
      const res = await request({
        method: 'POST',
        url: '/api/admin/products',
        token,
        payload: {
          name: i < 11 ? `Quokka Lamp ${i}` : `Wombat Lamp ${i}`,
          description: 'A small lamp.',
          category_id: cats[0].id,
          published: true,
          variants: [
            {
              sku: `QL-${i}`,
              regular_price: sale ? '99.00' : price,
              ...(sale ? { sale_price: price } : {}),
              stock,
              attributes: i >= 11 || i % 2 === 0 ? { finish: 'Quokkaland' } : {},
            },
          ],
        },
      });
      expect(res.statusCode).toBe(201);
      made.push({ id: res.json().id, name: res.json().name, price: Number(price), sale, stock, named: i < 11 });
    }
    const all = async (query: string) => {
      const ids: number[] = [];
      let total = -1;
      for (let page = 1; page <= 8; page++) {
        const body = (
          await request({ method: 'GET', url: `/api/products?search=${query}&page_size=2&page=${page}` })
        ).json();
        total = body.meta.total;
        ids.push(...body.data.map((p: { id: number }) => p.id));
        if (body.data.length < 2) break;
      }
      expect(ids.length).toBe(total);
      return ids;
    };
    const asc = (a: (typeof made)[number], b: (typeof made)[number]) => a.price - b.price || a.id - b.id;
    const ids = (list: typeof made) => list.map((p) => p.id);
    const within = (lo: number, hi: number) => made.filter((p) => p.price >= lo && p.price <= hi);
    // One, two and three words ('small' from the description: the three-word path of migration 0015), and
    // some of three ('xylophone' is no catalogue word).
    for (const term of ['quokka', 'quokka%20lamp', 'small%20quokka%20lamp', 'quokka%20xylophone%20lamp']) {
      expect(await all(`${term}&min_price=20.5&max_price=30&sort=price_asc`)).toEqual(ids(within(20.5, 30).sort(asc)));
      expect(await all(`${term}&min_price=20.96&max_price=59.99&sort=price_desc`)).toEqual(
        ids(within(20.96, 59.99).sort(asc).reverse()),
      );
      const relevance = (a: (typeof made)[number], b: (typeof made)[number]) => +b.named - +a.named || b.id - a.id;
      expect(await all(`${term}&max_price=31.25`)).toEqual(ids(within(0, 31.25).sort(relevance)));
      expect(await all(`${term}&min_price=25`)).toEqual(ids(within(25, 1000).sort(relevance)));
      // By relevance, a narrow range far down the first tier.
      expect(await all(`${term}&min_price=29.99&max_price=30`)).toEqual(ids(within(29.99, 30).sort(relevance)));
      expect(await all(`${term}&min_price=30.01&in_stock=true&sort=price_asc`)).toEqual(
        ids(
          within(30.01, 1000)
            .filter((p) => p.stock > 0)
            .sort(asc),
        ),
      );
      expect(await all(`${term}&on_sale=true&sort=price_desc`)).toEqual(
        ids(
          made
            .filter((p) => p.sale)
            .sort(asc)
            .reverse(),
        ),
      );
      expect(await all(`${term}&sort=price_asc`)).toEqual(ids([...made].sort(asc)));
      const byName = (a: (typeof made)[number], b: (typeof made)[number]) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;
      expect(await all(`${term}&sort=name&min_price=21`)).toEqual(ids(within(21, 1000).sort(byName)));
      // Made one after the other: newest is the highest id.
      expect(await all(`${term}&sort=newest&max_price=45.45`)).toEqual(
        ids(within(0, 45.45).sort((a, b) => b.id - a.id)),
      );
    }
    await facetsAreCurrent();
  });

  it('finds a product by its current price, name, category and publication, right after an admin edit', async () => {
    const { request } = get();
    const token = await get().adminToken();
    const cats = (await request({ method: 'GET', url: '/api/admin/categories', token })).json().data;
    const [first, second] = cats as { id: number; name: string }[];
    const input = (price: string, name = 'Zephyr Quilted Gilet', categoryId = first!.id, published = true) => ({
      name,
      description: 'Light and warm.',
      category_id: categoryId,
      published,
      variants: [{ sku: 'ZQG-1', regular_price: price, stock: 5, attributes: { size: 'M' } }],
    });
    const created = await request({ method: 'POST', url: '/api/admin/products', token, payload: input('40.00') });
    expect(created.statusCode).toBe(201);
    const id: number = created.json().id;
    const found = async (query: string) =>
      (await request({ method: 'GET', url: `/api/products?search=${query}&page_size=100` }))
        .json()
        .data.map((p: { id: number }) => p.id);

    expect(await found('zephyr&max_price=50')).toEqual([id]);
    // Two words (on PostgreSQL from the posting lists, which every write patches): the ids matching both.
    const both = async (query: string) => {
      const body = (await request({ method: 'GET', url: `/api/products?search=${query}&page_size=100` })).json();
      return body.search.match === 'all' ? body.data.map((p: { id: number }) => p.id) : [];
    };
    expect(await both('zephyr%20gilet')).toEqual([id]);
    const put = (payload: object) => request({ method: 'PUT', url: `/api/admin/products/${id}`, token, payload });
    const variantId = created.json().variants[0].id;
    const withVariant = (body: ReturnType<typeof input>) => ({
      ...body,
      variants: body.variants.map((v) => ({ ...v, id: variantId })),
    });

    expect((await put(withVariant(input('90.00')))).statusCode).toBe(200);
    expect(await found('zephyr&max_price=50')).toEqual([]);
    expect(await found('zephyr&min_price=80')).toEqual([id]);
    // Whole $10 cells of the price range from the word's cells on PostgreSQL (migration 0016): a price
    // change within a cell and across one.
    expect(await found('zephyr&min_price=90&max_price=99.99')).toEqual([id]);
    expect((await put(withVariant(input('95.00')))).statusCode).toBe(200);
    expect(await found('zephyr&min_price=90&max_price=99.99')).toEqual([id]);
    expect(await found('zephyr%20gilet&min_price=80&max_price=89.99')).toEqual([]);
    expect((await put(withVariant(input('85.00')))).statusCode).toBe(200);
    expect(await found('zephyr&min_price=90&max_price=99.99')).toEqual([]);
    expect(await found('zephyr%20gilet&min_price=80&max_price=89.99')).toEqual([id]);
    await facetsAreCurrent();
    expect((await put(withVariant(input('90.00')))).statusCode).toBe(200);

    expect((await put(withVariant(input('90.00', 'Zephyr Quilted Gilet', second!.id)))).statusCode).toBe(200);
    expect(await found(`zephyr&category=${encodeURIComponent(first!.name)}`)).toEqual([]);
    expect(await found(`zephyr&category=${encodeURIComponent(second!.name)}`)).toEqual([id]);
    expect((await put(withVariant(input('90.00', 'Zephyr Quilted Vest', second!.id)))).statusCode).toBe(200);
    expect(await both('zephyr%20gilet')).toEqual([]);
    expect(await both('vest%20zephyr')).toEqual([id]);

    const unpublish = await request({
      method: 'PATCH',
      url: `/api/admin/products/${id}/publish`,
      token,
      payload: { published: false },
    });
    expect(unpublish.statusCode).toBe(200);
    expect(await found('zephyr')).toEqual([]);
    await facetsAreCurrent();
    expect(await both('zephyr%20vest')).toEqual([]);

    const republish = await request({
      method: 'PATCH',
      url: `/api/admin/products/${id}/publish`,
      token,
      payload: { published: true },
    });
    expect(republish.statusCode).toBe(200);
    expect(await found('zephyr')).toEqual([id]);
    expect(await both('zephyr%20vest')).toEqual([id]);
    expect((await request({ method: 'DELETE', url: `/api/admin/products/${id}`, token })).statusCode).toBe(204);
    expect(await found('zephyr')).toEqual([]);
    expect(await both('zephyr%20vest')).toEqual([]);
    await facetsAreCurrent();
  });
});
