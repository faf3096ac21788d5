import { describeEachDatabase } from '../../test/fixture';
import { ownProduct } from '../../test/shop';

/** Attributes and categories: names unique whatever the case, deletes refused while in use. */
describeEachDatabase('admin attributes and categories', (get) => {
  it('refuses a category name another category has in any case, on create and rename', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    const create = (name: string) =>
      ctx.request({ method: 'POST', url: '/api/admin/categories', token, payload: { name } });
    const lamps = await create('Desk Lamps');
    expect(lamps.statusCode).toBe(201);
    const again = await create('desk LAMPS');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ name: ['A category named "Desk Lamps" already exists.'] });

    const rugs = (await create('Rugs')).json();
    const rename = await ctx.request({
      method: 'PUT',
      url: `/api/admin/categories/${rugs.id}`,
      token,
      payload: { name: 'DESK lamps' },
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json()).toEqual({ name: ['A category named "Desk Lamps" already exists.'] });
    // Changing only the case of its own name is a rename, not a clash.
    const recase = await ctx.request({
      method: 'PUT',
      url: `/api/admin/categories/${lamps.json().id}`,
      token,
      payload: { name: 'Desk lamps', description: 'Light' },
    });
    expect(recase.json()).toMatchObject({ name: 'Desk lamps', description: 'Light' });
  });

  it('refuses to delete a category with products, saying how many; the storefront list follows a delete', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    const categories = (await ctx.request({ method: 'GET', url: '/api/admin/categories', token })).json().data;
    const full = categories.find((c: { product_count: number }) => c.product_count > 1);
    const refused = await ctx.request({ method: 'DELETE', url: `/api/admin/categories/${full.id}`, token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `Category "${full.name}" has ${full.product_count} products; move or delete them first.`,
    );
    expect((await ctx.request({ method: 'GET', url: '/api/admin/categories', token })).json().data).toHaveLength(
      categories.length,
    );

    const empty = (
      await ctx.request({ method: 'POST', url: '/api/admin/categories', token, payload: { name: 'Seasonal' } })
    ).json();
    await ctx.request({ method: 'GET', url: '/api/products/categories' }); // warm the storefront cache
    expect((await ctx.request({ method: 'DELETE', url: `/api/admin/categories/${empty.id}`, token })).statusCode).toBe(
      204,
    );
    const shown = (await ctx.request({ method: 'GET', url: '/api/products/categories' })).json().data;
    expect(shown.some((c: { name: string }) => c.name === 'Seasonal')).toBe(false);
    expect((await ctx.request({ method: 'DELETE', url: `/api/admin/categories/${empty.id}`, token })).statusCode).toBe(
      404,
    );
  });

  it('refuses an attribute name in any case; deleting one in use says how many products use it', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    const created = await ctx.request({
      method: 'POST',
      url: '/api/admin/attributes',
      token,
      payload: { name: 'Finish', values: ['Matt', 'Gloss'] },
    });
    expect(created.statusCode).toBe(201);
    const clash = await ctx.request({
      method: 'POST',
      url: '/api/admin/attributes',
      token,
      payload: { name: 'finish' },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ name: ['An attribute named "Finish" already exists.'] });

    await ownProduct(ctx, 3, { attributes: { Finish: 'Matt' } });
    await ownProduct(ctx, 3, { attributes: { Finish: 'Gloss' } });
    const listed = (await ctx.request({ method: 'GET', url: '/api/admin/attributes', token })).json().data;
    expect(listed.find((a: { name: string }) => a.name === 'Finish').product_count).toBe(2);
    const refused = await ctx.request({ method: 'DELETE', url: `/api/admin/attributes/${created.json().id}`, token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'Attribute "Finish" is used by 2 products; remove it from their variants first.',
    );

    const unused = (
      await ctx.request({ method: 'POST', url: '/api/admin/attributes', token, payload: { name: 'Scent' } })
    ).json();
    expect((await ctx.request({ method: 'DELETE', url: `/api/admin/attributes/${unused.id}`, token })).statusCode).toBe(
      204,
    );
  });

  it('renaming an attribute renames it in the variants that use it, and the storefront shows the new name', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    const attr = (
      await ctx.request({
        method: 'POST',
        url: '/api/admin/attributes',
        token,
        payload: { name: 'Wick', values: ['Cotton'] },
      })
    ).json();
    const lamp = await ownProduct(ctx, 2, { attributes: { Wick: 'Cotton' } });
    // Cached before the rename: the storefront must not keep the old name.
    expect(
      (await ctx.request({ method: 'GET', url: `/api/products/${lamp.productId}` })).json().variants[0].attributes,
    ).toEqual({
      Wick: 'Cotton',
    });
    const renamed = await ctx.request({
      method: 'PUT',
      url: `/api/admin/attributes/${attr.id}`,
      token,
      payload: { name: 'Wick type', values: ['Cotton', 'Wood'] },
    });
    expect(renamed.json()).toMatchObject({ name: 'Wick type', values: ['Cotton', 'Wood'], product_count: 1 });
    const product = (await ctx.request({ method: 'GET', url: `/api/products/${lamp.productId}` })).json();
    expect(product.variants[0].attributes).toEqual({ 'Wick type': 'Cotton' });
  });
});
