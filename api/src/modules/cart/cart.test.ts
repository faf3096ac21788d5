import { describeEachDatabase, someVariant } from '../../test/fixture';

describeEachDatabase('cart', (get) => {
  it('needs a token', async () => {
    const res = await get().request({
      method: 'POST',
      url: '/api/products/add-to-cart',
      payload: { product_id: 1, variant_id: 1 },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('adds one per call, sets, removes and clears lines, answering the cart each time', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const { product, variant } = await someVariant(ctx, 3);
    const line = { product_id: product.id, variant_id: variant.id };
    await ctx.request({ method: 'POST', url: '/api/products/add-to-cart', token: user.access, payload: line });
    const second = await ctx.request({
      method: 'POST',
      url: '/api/products/add-to-cart',
      token: user.access,
      payload: line,
    });
    expect(second.statusCode).toBe(200);
    const items = second.json().cart.cart_items;
    expect(items).toHaveLength(1);
    expect(items[0].quantity).toBe(2);
    expect(items[0].product).toMatchObject({
      id: product.id,
      name: product.name,
      category: product.category,
      published: true,
    });
    expect(Object.keys(items[0].product)).toEqual(
      expect.arrayContaining([
        'type',
        'subscribers',
        'created_by',
        'last_modified_by',
        'created_at',
        'last_modified_at',
      ]),
    );
    expect(items[0].variant).toMatchObject({
      id: variant.id,
      sale_price: variant.sale_price,
      regular_price: variant.regular_price,
    });

    const set = await ctx.request({
      method: 'PUT',
      url: `/api/products/update-cart-item/${product.id}/${variant.id}`,
      token: user.access,
      payload: { quantity: 3 },
    });
    expect(set.json().cart.cart_items[0].quantity).toBe(3);
    const tooMany = await ctx.request({
      method: 'PUT',
      url: `/api/products/update-cart-item/${product.id}/${variant.id}`,
      token: user.access,
      payload: { quantity: variant.stock + 1 },
    });
    expect(tooMany.statusCode).toBe(400);
    const zero = await ctx.request({
      method: 'PUT',
      url: `/api/products/update-cart-item/${product.id}/${variant.id}`,
      token: user.access,
      payload: { quantity: 0 },
    });
    expect(zero.json().cart.cart_items).toEqual([]);

    await ctx.request({ method: 'POST', url: '/api/products/add-to-cart', token: user.access, payload: line });
    const removed = await ctx.request({
      method: 'DELETE',
      url: `/api/products/remove-from-cart/${product.id}/${variant.id}`,
      token: user.access,
    });
    expect(removed.json().cart.cart_items).toEqual([]);

    await ctx.request({ method: 'POST', url: '/api/products/add-to-cart', token: user.access, payload: line });
    const cleared = await ctx.request({
      method: 'DELETE',
      url: '/api/products/clear-cart',
      token: user.access,
      headers: { 'content-type': 'application/json' },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().cart.cart_items).toEqual([]);
    const me = await ctx.request({ method: 'GET', url: '/api/users/me', token: user.access });
    expect(me.json().cart.cart_items).toEqual([]);
  });

  it('answers 404 for unknown products and variants, and 400 for bad ids', async () => {
    const ctx = get();
    const token = await ctx.shopperToken();
    const { product, variant } = await someVariant(ctx);
    const unknownProduct = await ctx.request({
      method: 'POST',
      url: '/api/products/add-to-cart',
      token,
      payload: { product_id: 999999, variant_id: variant.id },
    });
    expect(unknownProduct.statusCode).toBe(404);
    const unknownVariant = await ctx.request({
      method: 'POST',
      url: '/api/products/add-to-cart',
      token,
      payload: { product_id: product.id, variant_id: 999999 },
    });
    expect(unknownVariant.statusCode).toBe(404);
    const bad = await ctx.request({
      method: 'POST',
      url: '/api/products/add-to-cart',
      token,
      payload: { product_id: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('product_id');
    expect(bad.json()).toHaveProperty('variant_id');
    const removeUnknown = await ctx.request({
      method: 'DELETE',
      url: `/api/products/remove-from-cart/999999/${variant.id}`,
      token,
    });
    expect(removeUnknown.statusCode).toBe(404);
  });

  it('loses no update when 50 add-to-cart calls for one line race', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const { product, variant } = await someVariant(ctx, 50);
    const payload = { product_id: product.id, variant_id: variant.id };
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        ctx.request({ method: 'POST', url: '/api/products/add-to-cart', token: user.access, payload }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const me = await ctx.request({ method: 'GET', url: '/api/users/me', token: user.access });
    expect(me.json().cart.cart_items).toEqual([expect.objectContaining({ quantity: 50 })]);
  });
});
