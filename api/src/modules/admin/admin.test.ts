import { describeEachDatabase } from '../../test/fixture';

/** A concrete URL for a route pattern (":id" → 1). */
const concrete = (url: string) => url.replace(/:[\w]+/g, '1');

describeEachDatabase('admin', (get) => {
  it('guards every registered admin route: 401 without a token, 403 for a REGULAR user', async () => {
    const ctx = get();
    const adminRoutes = ctx.app.routeList.filter((r) => r.url.startsWith('/api/admin') && r.method !== 'HEAD');
    expect(adminRoutes.length).toBeGreaterThanOrEqual(20);
    const regular = await ctx.shopperToken();
    for (const route of adminRoutes) {
      const method = route.method as 'GET';
      const url = concrete(route.url);
      const anonymous = await ctx.request({ method, url, payload: method === 'GET' ? undefined : {} });
      expect({ route: `${method} ${url}`, status: anonymous.statusCode }).toEqual({
        route: `${method} ${url}`,
        status: 401,
      });
      const shopper = await ctx.request({ method, url, token: regular, payload: method === 'GET' ? undefined : {} });
      expect({ route: `${method} ${url}`, status: shopper.statusCode }).toEqual({
        route: `${method} ${url}`,
        status: 403,
      });
    }
  });

  it('shows dashboard figures, customers, orders and pay-later items', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    const dash = (await ctx.request({ method: 'GET', url: '/api/admin/dashboard', token })).json();
    expect(dash.product_count).toBeGreaterThan(0);
    expect(dash.order_count).toBeGreaterThan(0);
    const customers = (await ctx.request({ method: 'GET', url: '/api/admin/customers', token })).json();
    expect(customers.data.every((c: { role: string }) => c.role === 'REGULAR')).toBe(true);
    const orders = (await ctx.request({ method: 'GET', url: '/api/admin/orders', token })).json();
    expect(orders.meta.total).toBe(dash.order_count + (dash.orders_by_status.CANCELLED ?? 0));
    const order = orders.data[0];
    const detail = await ctx.request({ method: 'GET', url: `/api/admin/orders/${order.id}`, token });
    expect(detail.json().lines.length).toBeGreaterThan(0);
    const pending = (await ctx.request({ method: 'GET', url: '/api/admin/orders?status=PENDING', token })).json()
      .data[0];
    const processing = await ctx.request({
      method: 'PATCH',
      url: `/api/admin/orders/${pending.id}`,
      token,
      payload: { status: 'PROCESSING' },
    });
    expect(processing.json().status).toBe('PROCESSING');
    const bad = await ctx.request({
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}`,
      token,
      payload: { status: 'LOST' },
    });
    expect(bad.statusCode).toBe(400);

    const payLater = (await ctx.request({ method: 'GET', url: '/api/admin/pay-later?status=all', token })).json();
    expect(payLater.data.length).toBeGreaterThan(0);
    const item = payLater.data[0];
    const paid = await ctx.request({ method: 'POST', url: `/api/admin/pay-later/${item.id}/mark-paid`, token });
    expect(paid.json()).toMatchObject({ status: 'paid', amount: item.amount });
    const outstanding = (await ctx.request({ method: 'GET', url: '/api/admin/pay-later', token })).json().data;
    expect(outstanding.some((i: { id: number }) => i.id === item.id)).toBe(false);
  });

  it('creates, edits, publishes and deletes a product; the storefront follows', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    const category = (await ctx.request({ method: 'GET', url: '/api/admin/categories', token })).json().data[0];
    const input = {
      name: 'Admin Test Jacket',
      description: 'Made in a test.',
      category_id: category.id,
      published: false,
      variants: [
        { sku: 'ATJ-S', regular_price: '100.00', sale_price: '80.00', stock: 4, attributes: { size: 'S' } },
        { sku: 'ATJ-M', regular_price: 110, stock: 0, attributes: { size: 'M' } },
      ],
    };
    const created = await ctx.request({ method: 'POST', url: '/api/admin/products', token, payload: input });
    expect(created.statusCode).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({
      min_price: '80.00',
      on_sale: true,
      in_stock: true,
      total_stock: 4,
      published: false,
    });
    expect((await ctx.request({ method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(404);

    const published = await ctx.request({
      method: 'PATCH',
      url: `/api/admin/products/${product.id}/publish`,
      token,
      payload: { published: true },
    });
    expect(published.json().published).toBe(true);
    expect((await ctx.request({ method: 'GET', url: `/api/products/${product.id}` })).statusCode).toBe(200);

    const keep = product.variants.find((v: { sku: string }) => v.sku === 'ATJ-M');
    const edited = await ctx.request({
      method: 'PUT',
      url: `/api/admin/products/${product.id}`,
      token,
      payload: { ...input, published: true, variants: [{ ...input.variants[1], id: keep.id, stock: 7 }] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ min_price: '110.00', on_sale: false, total_stock: 7 });
    expect(edited.json().variants).toHaveLength(1);

    const dupe = await ctx.request({
      method: 'POST',
      url: '/api/admin/products',
      token,
      payload: { ...input, name: 'Other' },
    });
    expect(dupe.statusCode).toBe(400);
    const invalid = await ctx.request({
      method: 'POST',
      url: '/api/admin/products',
      token,
      payload: { ...input, variants: [] },
    });
    expect(invalid.statusCode).toBe(400);

    expect((await ctx.request({ method: 'DELETE', url: `/api/admin/products/${product.id}`, token })).statusCode).toBe(
      204,
    );
    expect((await ctx.request({ method: 'GET', url: `/api/admin/products/${product.id}`, token })).statusCode).toBe(
      404,
    );
  });

  it('filters the product list by stock and sorts it by name, price, stock or last change', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    const list = async (query: string) =>
      (await ctx.request({ method: 'GET', url: `/api/admin/products?page_size=100&${query}`, token })).json() as {
        data: { name: string; min_price: string; total_stock: number; variants: { stock: number }[] }[];
      };
    const low = await list('stock=low');
    expect(low.data.length).toBeGreaterThan(0);
    expect(low.data.every((p) => p.variants.some((v) => v.stock <= 5))).toBe(true);
    const out = await list('stock=out');
    expect(out.data.every((p) => p.total_stock === 0)).toBe(true);
    const inStock = await list('stock=in');
    expect(inStock.data.every((p) => p.total_stock > 0)).toBe(true);

    const byName = (await list('sort=name')).data.map((p) => p.name.toLowerCase());
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byPriceDesc = (await list('sort=-price')).data.map((p) => Number(p.min_price));
    expect(byPriceDesc).toEqual([...byPriceDesc].sort((a, b) => b - a));
    const byStock = (await list('sort=stock')).data.map((p) => p.total_stock);
    expect(byStock).toEqual([...byStock].sort((a, b) => a - b));
    expect((await ctx.request({ method: 'GET', url: '/api/admin/products?sort=colour', token })).statusCode).toBe(400);
  });

  it('manages categories and attributes, refreshing the cached category list', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    await ctx.request({ method: 'GET', url: '/api/products/categories' }); // warm the cache
    const created = await ctx.request({
      method: 'POST',
      url: '/api/admin/categories',
      token,
      payload: { name: 'Gadgets', description: 'Small tech' },
    });
    expect(created.statusCode).toBe(201);
    const listed = (await ctx.request({ method: 'GET', url: '/api/products/categories' })).json().data;
    expect(listed.some((c: { name: string }) => c.name === 'Gadgets')).toBe(true);
    const taken = await ctx.request({
      method: 'POST',
      url: '/api/admin/categories',
      token,
      payload: { name: 'Gadgets' },
    });
    expect(taken.statusCode).toBe(400);
    const inUse = (await ctx.request({ method: 'GET', url: '/api/admin/categories', token }))
      .json()
      .data.find((c: { product_count: number }) => c.product_count > 0);
    expect((await ctx.request({ method: 'DELETE', url: `/api/admin/categories/${inUse.id}`, token })).statusCode).toBe(
      409,
    );
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/admin/categories/${created.json().id}`, token })).statusCode,
    ).toBe(204);

    const attr = await ctx.request({
      method: 'POST',
      url: '/api/admin/attributes',
      token,
      payload: { name: 'material', values: ['Wool', 'Cotton', 'Wool'] },
    });
    expect(attr.json()).toMatchObject({ name: 'material', values: ['Wool', 'Cotton'] });
    const renamed = await ctx.request({
      method: 'PUT',
      url: `/api/admin/attributes/${attr.json().id}`,
      token,
      payload: { name: 'fabric', values: ['Wool'] },
    });
    expect(renamed.json().name).toBe('fabric');
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/admin/attributes/${attr.json().id}`, token })).statusCode,
    ).toBe(204);
  });

  it('deactivating a customer ends their access', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    const user = await ctx.newUser();
    const res = await ctx.request({
      method: 'PATCH',
      url: `/api/admin/customers/${user.id}`,
      token,
      payload: { is_active: false },
    });
    expect(res.json().is_active).toBe(false);
    expect((await ctx.request({ method: 'GET', url: '/api/users/me', token: user.access })).statusCode).toBe(401);
    expect(
      (await ctx.request({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: user.refresh } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await ctx.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: user.password },
        })
      ).statusCode,
    ).toBe(401);
    const detail = (await ctx.request({ method: 'GET', url: `/api/admin/customers/${user.id}`, token })).json();
    expect(detail).toMatchObject({ email: user.email, is_active: false, orders: [] });
  });
});
