import { productListQuerySchema } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { describeEachDatabase } from '../../test/fixture';
import { listProductsJson } from '../catalog/service';

interface ListBody {
  data: { id: number }[];
  search?: { match: 'all' | 'some' | 'none' };
}

describeEachDatabase('shop search follows every change', (get) => {
  /**
   * The lists say what product_search says after every write: search_lists against the lists made anew
   * from product_search (search.entries, R__search.sql), as many rows differing as there are. Read on the
   * start-up connection, which has none of the requests' timeouts.
   */
  const listsAreCurrent = async () => {
    const result = (await get().app.database.exclusive((db) =>
      db.execute(sql`
        WITH fresh AS (
          SELECT e.kind, e.key, array_agg(s.product_id ORDER BY s.product_id) AS ids
          FROM product_search s, search.entries(s) AS e GROUP BY e.kind, e.key
        ), kept AS (SELECT kind, key, ids FROM search_lists WHERE ids <> '{}')
        SELECT ((SELECT count(*) FROM (SELECT * FROM fresh EXCEPT SELECT * FROM kept) a)
          + (SELECT count(*) FROM (SELECT * FROM kept EXCEPT SELECT * FROM fresh) b))::int AS differ,
          (SELECT count(*) FROM kept)::int AS lists`),
    )) as unknown as { rows: { differ: number; lists: number }[] };
    expect(result.rows[0]!.differ).toBe(0);
    expect(result.rows[0]!.lists).toBeGreaterThan(100);
  };

  it('answers a phrase of words it has seen, one by one, as a fresh lookup does', async () => {
    // What each word stands for is remembered word by word (words.ts, wordGroups): a phrase of words
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
    // What a search word stands for is remembered per catalogue version (words.ts, wordGroups): a
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
    // Fourteen products of one new word, priced across dollar and $10 cells of the price grid: a range with
    // cents cuts a dollar cell (its products read from the price index), sorting by price reads the cells
    // in order.
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
    // One, two and three words ('small' from the description), and some of three ('xylophone' is no
    // catalogue word).
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
    await listsAreCurrent();
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
    // Two words (from the word lists, which every write patches): the ids matching both.
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
    // Whole $10 cells of the price range from the price lists: a price change within a cell and across one.
    expect(await found('zephyr&min_price=90&max_price=99.99')).toEqual([id]);
    expect((await put(withVariant(input('95.00')))).statusCode).toBe(200);
    expect(await found('zephyr&min_price=90&max_price=99.99')).toEqual([id]);
    expect(await found('zephyr%20gilet&min_price=80&max_price=89.99')).toEqual([]);
    expect((await put(withVariant(input('85.00')))).statusCode).toBe(200);
    expect(await found('zephyr&min_price=90&max_price=99.99')).toEqual([]);
    expect(await found('zephyr%20gilet&min_price=80&max_price=89.99')).toEqual([id]);
    await listsAreCurrent();
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
    await listsAreCurrent();
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
    await listsAreCurrent();
  });
});
