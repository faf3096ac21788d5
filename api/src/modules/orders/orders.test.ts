import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Order } from '@store/contracts';
import { idempotencyKeys, orders, products, variants } from '../../db/schema';
import { CHECKOUT, describeEachDatabaseWithMail, type TestContext } from '../../test/fixture';
import { ownProduct as ownLamp, putInCart, stockOf, type Shopper } from '../../test/shop';

const setStock = (ctx: TestContext, variantId: number, stock: number) =>
  ctx.app.db.update(variants).set({ stock }).where(eq(variants.id, variantId));

const orderCount = async (ctx: TestContext, userId: number) =>
  (
    await ctx.app.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(eq(orders.userId, userId))
  )[0]!.n;

const place = (ctx: TestContext, user: Shopper, payload: object = CHECKOUT, key?: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/users/me/orders',
    token: user.access,
    payload,
    headers: key ? { 'idempotency-key': key } : {},
  });

/** The suite's lamps are amber: the stock messages and the mail name the variant by it. */
const ownProduct = (ctx: TestContext, stock: number, price?: string) =>
  ownLamp(ctx, stock, { price, attributes: { colour: 'amber' } });

describeEachDatabaseWithMail('orders', (get) => {
  it('places a pay-later order in one go: server prices, stock taken, cart emptied, address kept', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const lamp = await ownProduct(ctx, 5, '20.00');
    await putInCart(ctx, user, lamp.productId, lamp.variantId, 2);

    const options = (await ctx.request({ method: 'GET', url: '/api/users/me/checkout', token: user.access })).json();
    expect(options).toMatchObject({ subtotal: '40.00', item_count: 2, last_address: null });
    expect(options.delivery_methods).toEqual([
      expect.objectContaining({ id: 'STANDARD', price: '4.95' }),
      expect.objectContaining({ id: 'EXPRESS', price: '14.95' }),
    ]);
    expect(options.payment_methods.map((p: { id: string }) => p.id)).toEqual(['PAY_LATER', 'CASH_ON_DELIVERY']);

    // Totals or prices sent by the client are not part of the contract and change nothing.
    const res = await place(ctx, user, { ...CHECKOUT, total: '0.01', unit_price: '0.01' }, crypto.randomUUID());
    expect(res.statusCode).toBe(201);
    const order: Order = res.json();
    expect(order).toMatchObject({
      status: 'PENDING',
      payment_method: 'PAY_LATER',
      delivery_method: 'STANDARD',
      subtotal: '40.00',
      delivery_price: '4.95',
      total: '44.95',
      item_count: 2,
      address: CHECKOUT.address,
      paid_at: null,
      shipping_address: 'Ada Lovelace, 12 Market Street, N1 9GU London, United Kingdom, +44 20 7946 0958',
      status_history: [{ status: 'PENDING', at: expect.any(String) }],
      lines: [
        {
          product_id: lamp.productId,
          variant_id: lamp.variantId,
          name: lamp.name,
          attributes: { colour: 'amber' },
          unit_price: '20.00',
          quantity: 2,
          line_total: '40.00',
          product_available: true,
        },
      ],
    });
    const due = new Date(order.payment_due_at!).getTime() - new Date(order.created_at).getTime();
    expect(due).toBe(14 * 24 * 3600 * 1000);
    expect(await stockOf(ctx, lamp.variantId)).toBe(3);
    const me = (await ctx.request({ method: 'GET', url: '/api/users/me', token: user.access })).json();
    expect(me.cart.cart_items).toEqual([]);

    // The last address is offered again.
    const again = (await ctx.request({ method: 'GET', url: '/api/users/me/checkout', token: user.access })).json();
    expect(again.last_address).toEqual(CHECKOUT.address);

    // Later edits and deletion of the product do not change the order.
    await ctx.app.db.update(variants).set({ regularPriceCents: 99_900 }).where(eq(variants.id, lamp.variantId));
    await ctx.app.db.update(products).set({ name: 'Renamed Lamp' }).where(eq(products.id, lamp.productId));
    const before = (
      await ctx.request({ method: 'GET', url: `/api/users/me/orders/${order.id}`, token: user.access })
    ).json();
    expect(before.lines[0]).toMatchObject({ name: lamp.name, unit_price: '20.00', product_available: true });
    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/api/admin/products/${lamp.productId}`,
      token: await ctx.adminToken(),
    });
    expect(deleted.statusCode).toBe(204);
    const after = (
      await ctx.request({ method: 'GET', url: `/api/users/me/orders/${order.id}`, token: user.access })
    ).json();
    expect(after.lines[0]).toMatchObject({ name: lamp.name, unit_price: '20.00', product_available: false });
    expect(after.total).toBe('44.95');
  });

  it('prices express delivery on the server and makes standard free from $75', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const lamp = await ownProduct(ctx, 10, '40.00');
    await putInCart(ctx, user, lamp.productId, lamp.variantId, 2);
    const options = (await ctx.request({ method: 'GET', url: '/api/users/me/checkout', token: user.access })).json();
    expect(options.delivery_methods.map((d: { price: string }) => d.price)).toEqual(['0.00', '14.95']);
    const res = await place(ctx, user, { ...CHECKOUT, delivery_method: 'EXPRESS', payment_method: 'CASH_ON_DELIVERY' });
    expect(res.json()).toMatchObject({
      subtotal: '80.00',
      delivery_price: '14.95',
      total: '94.95',
      payment_method: 'CASH_ON_DELIVERY',
      payment_due_at: null,
      status: 'PENDING',
    });
  });

  it('refuses the card option, bad addresses at their field, and an empty cart', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const card = await place(ctx, user, { ...CHECKOUT, payment_method: 'CARD' });
    expect(card.statusCode).toBe(400);
    expect(card.json()).toHaveProperty('payment_method');
    const bad = await place(ctx, user, {
      ...CHECKOUT,
      address: { ...CHECKOUT.address, full_name: '  ', postal_code: '#', country: 'XX', phone: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      'address.full_name': ['Full name is required'],
      'address.postal_code': [expect.stringContaining('valid postal code')],
      'address.country': ['Choose a country from the list'],
      'address.phone': [expect.stringContaining('valid phone number')],
    });
    const empty = await place(ctx, user, CHECKOUT, crypto.randomUUID());
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: 'Your cart is empty.' });
    expect(await orderCount(ctx, user.id)).toBe(0);
  });

  it('refuses a line the stock no longer covers, naming it and what is left, and changes nothing', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const lamp = await ownProduct(ctx, 5);
    const other = await ownProduct(ctx, 5);
    await putInCart(ctx, user, lamp.productId, lamp.variantId, 3);
    await putInCart(ctx, user, other.productId, other.variantId, 1);
    await setStock(ctx, lamp.variantId, 2); // someone else bought some meanwhile

    const key = crypto.randomUUID();
    const res = await place(ctx, user, CHECKOUT, key);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'out_of_stock',
      detail: `Only 2 left of ${lamp.name} (colour: amber) (you have 3 in your cart).`,
      lines: [{ product_id: lamp.productId, variant_id: lamp.variantId, name: lamp.name, requested: 3, available: 2 }],
    });
    expect(await stockOf(ctx, lamp.variantId)).toBe(2);
    expect(await stockOf(ctx, other.variantId)).toBe(5);
    expect(await orderCount(ctx, user.id)).toBe(0);
    const me = (await ctx.request({ method: 'GET', url: '/api/users/me', token: user.access })).json();
    expect(me.cart.cart_items.map((i: { quantity: number }) => i.quantity)).toEqual([3, 1]);

    // A refusal is not stored against the key: after fixing the cart, the same attempt goes through.
    await putInCart(ctx, user, lamp.productId, lamp.variantId, 2);
    const retry = await place(ctx, user, CHECKOUT, key);
    expect(retry.statusCode).toBe(201);
    expect(await stockOf(ctx, lamp.variantId)).toBe(0);

    await putInCart(ctx, user, other.productId, other.variantId, 1);
    await setStock(ctx, other.variantId, 0);
    const soldOut = await place(ctx, user, CHECKOUT);
    expect(soldOut.json().detail).toBe(`${other.name} (colour: amber) is out of stock.`);
  });

  it('20 shoppers check out the last unit at the same moment: one order, stock 0, never below', async () => {
    const ctx = get();
    const lamp = await ownProduct(ctx, 20);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => ctx.newUser()));
    for (const s of shoppers) await putInCart(ctx, s, lamp.productId, lamp.variantId, 1);
    await setStock(ctx, lamp.variantId, 1);

    const answers = await Promise.all(shoppers.map((s) => place(ctx, s, CHECKOUT, crypto.randomUUID())));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().detail).toBe(`${lamp.name} (colour: amber) is out of stock.`);
    }
    expect(await stockOf(ctx, lamp.variantId)).toBe(0);
    const [placed] = await ctx.app.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(
        sql`exists (select 1 from order_lines l where l.order_id = ${orders.id} and l.variant_id = ${lamp.variantId})`,
      );
    expect(placed!.n).toBe(1);
  });

  it('one submit sent 5 times at once with one key: one order, five identical answers', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const lamp = await ownProduct(ctx, 5);
    await putInCart(ctx, user, lamp.productId, lamp.variantId, 1);
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => place(ctx, user, CHECKOUT, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await orderCount(ctx, user.id)).toBe(1);
    expect(await stockOf(ctx, lamp.variantId)).toBe(4);
  });

  it('answers a repeated key with the stored order for 24 hours and more; another body gets 422', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const lamp = await ownProduct(ctx, 5);
    await putInCart(ctx, user, lamp.productId, lamp.variantId, 1);
    const key = crypto.randomUUID();
    const first = await place(ctx, user, CHECKOUT, key);
    expect(first.statusCode).toBe(201);

    // The network dropped after the order was placed: the retry gets the order, not "cart empty".
    const retry = await place(ctx, user, CHECKOUT, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(first.body);

    const other = await place(ctx, user, { ...CHECKOUT, delivery_method: 'EXPRESS' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().detail).toBe('This Idempotency-Key was already used with a different request.');

    // Another shopper's identical key is theirs alone.
    const stranger = await ctx.newUser();
    expect((await place(ctx, stranger, CHECKOUT, key)).json()).toEqual({ detail: 'Your cart is empty.' });

    // 25 hours later the key still answers the same.
    await ctx.app.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)));
    const later = await place(ctx, user, CHECKOUT, key);
    expect(later.statusCode).toBe(201);
    expect(later.body).toBe(first.body);
    expect(await orderCount(ctx, user.id)).toBe(1);

    const bad = await place(ctx, user, CHECKOUT, 'bad key with spaces');
    expect(bad.statusCode).toBe(400);
  });

  it('lets the shopper cancel a PENDING order, which restocks; then lists orders newest first', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const lamp = await ownProduct(ctx, 4);
    await putInCart(ctx, user, lamp.productId, lamp.variantId, 3);
    const order: Order = (await place(ctx, user, { ...CHECKOUT, payment_method: 'CASH_ON_DELIVERY' })).json();
    expect(await stockOf(ctx, lamp.variantId)).toBe(1);

    const stranger = await ctx.newUser();
    const peek = await ctx.request({
      method: 'POST',
      url: `/api/users/me/orders/${order.id}/cancel`,
      token: stranger.access,
    });
    expect(peek.statusCode).toBe(404);

    const cancelled = await ctx.request({
      method: 'POST',
      url: `/api/users/me/orders/${order.id}/cancel`,
      token: user.access,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('CANCELLED');
    expect(cancelled.json().status_history.map((h: { status: string }) => h.status)).toEqual(['PENDING', 'CANCELLED']);
    expect(await stockOf(ctx, lamp.variantId)).toBe(4);
    const twice = await ctx.request({
      method: 'POST',
      url: `/api/users/me/orders/${order.id}/cancel`,
      token: user.access,
    });
    expect(twice.statusCode).toBe(409);
    expect(await stockOf(ctx, lamp.variantId)).toBe(4);

    for (let i = 0; i < 2; i++) {
      await putInCart(ctx, user, lamp.productId, lamp.variantId, 1);
      expect((await place(ctx, user)).statusCode).toBe(201);
    }
    const page1 = (
      await ctx.request({ method: 'GET', url: '/api/users/me/orders?page_size=2', token: user.access })
    ).json();
    expect(page1.meta).toEqual({ page: 1, page_size: 2, total: 3, total_pages: 2 });
    expect(page1.data[0].id).toBeGreaterThan(page1.data[1].id);
    const page2 = (
      await ctx.request({ method: 'GET', url: '/api/users/me/orders?page_size=2&page=2', token: user.access })
    ).json();
    expect(page2.data.map((o: Order) => o.id)).toEqual([order.id]);
  });

  it('the admin sees the pay-later item with its due date and marks it paid; the shopper sees it paid', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const lamp = await ownProduct(ctx, 4);
    await putInCart(ctx, user, lamp.productId, lamp.variantId, 1);
    const order: Order = (await place(ctx, user)).json();
    const token = await ctx.adminToken();

    const adminOrders = (
      await ctx.request({ method: 'GET', url: `/api/admin/orders?search=${order.number}`, token })
    ).json();
    expect(adminOrders.data).toEqual([expect.objectContaining({ id: order.id, payment_method: 'PAY_LATER' })]);
    const items = (await ctx.request({ method: 'GET', url: '/api/admin/pay-later?page_size=100', token })).json();
    const item = items.data.find((i: { order_id: number }) => i.order_id === order.id);
    expect(item).toMatchObject({ status: 'outstanding', amount: order.total, due_date: order.payment_due_at });
    await ctx.request({ method: 'POST', url: `/api/admin/pay-later/${item.id}/mark-paid`, token });

    const seen: Order = (
      await ctx.request({ method: 'GET', url: `/api/users/me/orders/${order.id}`, token: user.access })
    ).json();
    expect(seen.status).toBe('PAID');
    expect(seen.paid_at).toEqual(expect.any(String));
    expect(seen.status_history.map((h) => h.status)).toEqual(['PENDING', 'PAID']);
    const cancel = await ctx.request({
      method: 'POST',
      url: `/api/users/me/orders/${order.id}/cancel`,
      token: user.access,
    });
    expect(cancel.statusCode).toBe(409);
  });

  it('sends the order confirmation through the mailer after answering', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const lamp = await ownProduct(ctx, 4);
    await putInCart(ctx, user, lamp.productId, lamp.variantId, 1);
    const order: Order = (await place(ctx, user, CHECKOUT, crypto.randomUUID())).json();
    // The mail arrives over SMTP in the suite's MailDev.
    const mail = await ctx.mail!.waitFor(user.email);
    expect(mail.subject).toBe(`Your order ${order.number}`);
    expect(mail.text).toContain(`See your order: http://localhost:3000/orders/${order.id}`);
    expect(mail.text).toContain(`1 × ${lamp.name} (colour: amber) at $20.00 = $20.00`);
    expect(mail.text).toContain(`Total: $${order.total}`);
    expect(mail.text).toContain(`due by ${order.payment_due_at!.slice(0, 10)}`);
  });
});
