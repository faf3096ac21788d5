import { CHECKOUT, describeEachDatabase, someVariant } from '../../test/fixture';

describeEachDatabase("one user never reaches another user's data", (get) => {
  it('keeps carts, wishlists, orders and profiles apart', async () => {
    const ctx = get();
    const alice = await ctx.newUser();
    const bob = await ctx.newUser();
    const { product, variant } = await someVariant(ctx, 5);

    await ctx.request({
      method: 'POST',
      url: '/api/products/add-to-cart',
      token: alice.access,
      payload: { product_id: product.id, variant_id: variant.id },
    });
    await ctx.request({
      method: 'POST',
      url: '/api/users/me/wishlist',
      token: alice.access,
      payload: { product_id: product.id },
    });
    const order = await ctx.request({
      method: 'POST',
      url: '/api/users/me/orders',
      token: alice.access,
      payload: CHECKOUT,
    });
    expect(order.statusCode).toBe(201);
    await ctx.request({
      method: 'POST',
      url: '/api/products/add-to-cart',
      token: alice.access,
      payload: { product_id: product.id, variant_id: variant.id },
    });

    // Bob sees only his own (empty) things, and cannot reach Alice's order by id.
    const bobMe = (await ctx.request({ method: 'GET', url: '/api/users/me', token: bob.access })).json();
    expect(bobMe.email).toBe(bob.email);
    expect(bobMe.cart.cart_items).toEqual([]);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/users/me/wishlist', token: bob.access })).json().data,
    ).toEqual([]);
    expect((await ctx.request({ method: 'GET', url: '/api/users/me/orders', token: bob.access })).json().data).toEqual(
      [],
    );
    const peek = await ctx.request({
      method: 'GET',
      url: `/api/users/me/orders/${order.json().id}`,
      token: bob.access,
    });
    expect(peek.statusCode).toBe(404);

    // Bob's writes touch only Bob's data.
    await ctx.request({ method: 'DELETE', url: '/api/products/clear-cart', token: bob.access });
    await ctx.request({
      method: 'DELETE',
      url: `/api/products/remove-from-cart/${product.id}/${variant.id}`,
      token: bob.access,
    });
    await ctx.request({ method: 'DELETE', url: `/api/users/me/wishlist/${product.id}`, token: bob.access });
    await ctx.request({
      method: 'PATCH',
      url: '/api/users/me',
      token: bob.access,
      payload: { first_name: 'Bob', last_name: 'B', username: 'bob' },
    });

    const aliceMe = (await ctx.request({ method: 'GET', url: '/api/users/me', token: alice.access })).json();
    expect(aliceMe.first_name).toBe('Test');
    expect(aliceMe.cart.cart_items).toEqual([expect.objectContaining({ quantity: 1 })]);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/users/me/wishlist', token: alice.access })).json().data,
    ).toHaveLength(1);
    const aliceOrder = await ctx.request({
      method: 'GET',
      url: `/api/users/me/orders/${order.json().id}`,
      token: alice.access,
    });
    expect(aliceOrder.json()).toMatchObject({
      payment_method: 'PAY_LATER',
      status: 'PENDING',
      customer: { email: alice.email },
    });
    // Ids in bodies or queries cannot redirect a write to someone else.
    const sneaky = await ctx.request({
      method: 'PATCH',
      url: '/api/users/me',
      token: bob.access,
      payload: { first_name: 'X', last_name: 'Y', username: 'z', id: alice.id, email: alice.email },
    });
    expect(sneaky.json().email).toBe(bob.email);
  });

  it('updates the profile and changes the password with the current one', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const patched = await ctx.request({
      method: 'PATCH',
      url: '/api/users/me',
      token: user.access,
      payload: { first_name: ' Grace ', last_name: 'Hopper', username: 'grace' },
    });
    expect(patched.json()).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', username: 'grace' });
    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/users/me/change-password',
      token: user.access,
      payload: { current_password: 'nope', new_password: 'Another123' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty('current_password');
    const ok = await ctx.request({
      method: 'POST',
      url: '/api/users/me/change-password',
      token: user.access,
      payload: { current_password: user.password, new_password: 'Another123' },
    });
    expect(ok.statusCode).toBe(200);
    await expect(ctx.login(user.email, 'Another123')).resolves.toHaveProperty('access');
  });
});
