import { describeEachDatabase } from '../../test/fixture';

interface Suggestion {
  id: number;
  name: string;
  category: string;
  image: string;
  min_price: string;
  price_varies: boolean;
}

// The second database must suggest exactly what the first one did, in the same order.
const seen = new Map<string, string>();
function sameOnBothDatabases(key: string, data: Suggestion[]) {
  const ids = JSON.stringify(data.map((p) => p.id));
  const other = seen.get(key);
  if (other === undefined) seen.set(key, ids);
  else expect(ids).toBe(other);
}

describeEachDatabase('search suggestions', (get) => {
  // The test's own sneakers (the small seed's shoes are drawn at random): one cheap, one dearer.
  const created: number[] = [];
  beforeAll(async () => {
    const { request } = get();
    const token = await get().adminToken();
    const shoes = (await request({ method: 'GET', url: '/api/admin/categories', token }))
      .json()
      .data.find((c: { name: string }) => c.name === 'Shoes');
    for (const [name, price] of [
      ['Court Canvas Sneakers', '59.00'],
      ['Trail Knit Sneakers', '89.00'],
    ] as const) {
      const res = await request({
        method: 'POST',
        url: '/api/admin/products',
        token,
        payload: {
          name,
          description: 'Made for a test.',
          category_id: shoes.id,
          published: true,
          variants: [{ sku: `T-${name}`, regular_price: price, stock: 3, attributes: { size: '42' } }],
        },
      });
      expect(res.statusCode).toBe(201);
      created.push(res.json().id);
    }
  });

  const suggest = async (q: string, extra = ''): Promise<Suggestion[]> => {
    const res = await get().request({ method: 'GET', url: `/api/products/suggest?q=${encodeURIComponent(q)}${extra}` });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it('suggests sneakers for an unfinished, misspelt "snek"', async () => {
    const data = await suggest('snek');
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThanOrEqual(6);
    expect(data.every((p) => /sneakers/i.test(p.name))).toBe(true);
    expect(data.map((p) => p.id)).toEqual(expect.arrayContaining(created));
    const court = data.find((p) => p.id === created[0]);
    expect(court).toEqual({
      id: created[0],
      name: 'Court Canvas Sneakers',
      category: 'Shoes',
      image: expect.any(String),
      min_price: '59.00',
      price_varies: false,
    });
    expect(data[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      category: 'Shoes',
      image: expect.any(String),
      min_price: expect.stringMatching(/^\d+\.\d{2}$/),
      price_varies: expect.any(Boolean),
    });
    sameOnBothDatabases('snek', data);
  });

  it('treats the last word as a beginning and every earlier word as whole', async () => {
    const begun = await suggest('Sneak');
    expect(begun.length).toBeGreaterThan(0);
    expect(begun.every((p) => /sneakers/i.test(p.name))).toBe(true);
    // Another word narrows the suggestions: only shoes whose documents hold both.
    const narrowed = await suggest('canvas sneak');
    expect(narrowed.map((p) => p.id)).toContain(created[0]);
    expect(narrowed.map((p) => p.id)).not.toContain(created[1]);
    sameOnBothDatabases('sneak', begun);
  });

  it('answers at most the limit, and nothing for nothing', async () => {
    expect((await suggest('sn', '&limit=1')).length).toBe(1);
    // One letter suggests nothing (it would rank most of a large catalogue); after a word it is left out.
    expect(await suggest('c')).toEqual([]);
    expect((await suggest('canvas c')).map((p) => p.id)).toContain(created[0]);
    expect(await suggest('   ')).toEqual([]);
    expect(await suggest('qqqqzzzz')).toEqual([]);
    const res = await get().request({ method: 'GET', url: '/api/products/suggest?q=a&limit=50' });
    expect(res.statusCode).toBe(400);
  });

  it('suggests only published products', async () => {
    const { request } = get();
    const token = await get().adminToken();
    const first = { id: created[1]! };
    const hide = await request({
      method: 'PATCH',
      url: `/api/admin/products/${first.id}/publish`,
      token,
      payload: { published: false },
    });
    expect(hide.statusCode).toBe(200);
    expect((await suggest('snek')).map((p) => p.id)).not.toContain(first.id);
  });
});
