import type { Order } from '@store/contracts';
import { eq } from 'drizzle-orm';
import { orders, users } from '../../db/schema';
import { describeEachDatabase } from '../../test/fixture';
import { ownProduct, placeOrder, stockOf } from '../../test/shop';

/** Customers, orders, pay later and the support inbox as staff work them. */
describeEachDatabase('admin operations', (get) => {
  it('finds customers by name or e-mail, a page at a time, with their orders and totals', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    const user = await ctx.newUser();
    const lamp = await ownProduct(ctx, 10);
    const first = await placeOrder(ctx, user, lamp, 2);
    const second = await placeOrder(ctx, user, lamp, 1, 'CASH_ON_DELIVERY');

    const found = (
      await ctx.request({ method: 'GET', url: `/api/admin/customers?search=${encodeURIComponent(user.email)}`, token })
    ).json();
    expect(found.meta.total).toBe(1);
    expect(found.data[0]).toMatchObject({ id: user.id, order_count: 2 });
    expect(found.data[0].total_spent).toBe((Number(first.total) + Number(second.total)).toFixed(2));

    const all = (await ctx.request({ method: 'GET', url: '/api/admin/customers?page_size=2', token })).json();
    expect(all.data).toHaveLength(2);
    expect(all.meta.total_pages).toBe(Math.ceil(all.meta.total / 2));
    const page2 = (await ctx.request({ method: 'GET', url: '/api/admin/customers?page_size=2&page=2', token })).json();
    expect(page2.data.map((c: { id: number }) => c.id)).not.toContain(all.data[0].id);

    const detail = (await ctx.request({ method: 'GET', url: `/api/admin/customers/${user.id}`, token })).json();
    expect(detail.orders.map((o: Order) => o.id)).toEqual([second.id, first.id]);
    // Staff accounts are not customers.
    const admins = await ctx.request({ method: 'GET', url: '/api/admin/customers?search=admin@example.com', token });
    expect(admins.json().data).toEqual([]);
  });

  it('deactivates and reactivates a customer: signed out at once, able to sign in again after', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    const user = await ctx.newUser();
    const patch = (is_active: boolean) =>
      ctx.request({ method: 'PATCH', url: `/api/admin/customers/${user.id}`, token, payload: { is_active } });
    expect((await patch(false)).json().is_active).toBe(false);
    const login = () =>
      ctx.request({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
    expect((await login()).statusCode).toBe(401);
    const refresh = await ctx.request({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: user.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    // The access token they still hold is refused at once too, not only when it expires.
    expect((await ctx.request({ method: 'GET', url: '/api/users/me', token: user.access })).statusCode).toBe(401);
    const inactive = (await ctx.request({ method: 'GET', url: '/api/admin/customers?is_active=false', token })).json();
    expect(inactive.data.map((c: { id: number }) => c.id)).toContain(user.id);

    expect((await patch(true)).json().is_active).toBe(true);
    expect((await login()).statusCode).toBe(200);
  });

  it('filters orders by status and payment method, and finds them by number, e-mail or full name', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    const user = await ctx.newUser();
    const lamp = await ownProduct(ctx, 10);
    const payLater = await placeOrder(ctx, user, lamp, 1);
    const cash = await placeOrder(ctx, user, lamp, 1, 'CASH_ON_DELIVERY');
    const list = async (query: string) =>
      (await ctx.request({ method: 'GET', url: `/api/admin/orders?page_size=100&${query}`, token })).json() as {
        data: Order[];
        meta: { total: number };
      };

    const byEmail = await list(`search=${encodeURIComponent(user.email)}`);
    expect(byEmail.data.map((o) => o.id)).toEqual([cash.id, payLater.id]);
    expect((await list(`search=${payLater.number}`)).data.map((o) => o.id)).toEqual([payLater.id]);
    const name = byEmail.data[0]!.customer.name;
    expect(name).toContain(' ');
    expect((await list(`search=${encodeURIComponent(name)}`)).data.map((o) => o.id)).toEqual(
      expect.arrayContaining([cash.id, payLater.id]),
    );

    const cod = await list(`payment_method=CASH_ON_DELIVERY&search=${encodeURIComponent(user.email)}`);
    expect(cod.data.map((o) => o.id)).toEqual([cash.id]);
    const pending = await list('status=PENDING');
    expect(pending.data.every((o) => o.status === 'PENDING')).toBe(true);
    expect(pending.data.map((o) => o.id)).toEqual(expect.arrayContaining([cash.id, payLater.id]));
    expect((await list('status=SHIPPED')).data.every((o) => o.status === 'SHIPPED')).toBe(true);
    expect((await ctx.request({ method: 'GET', url: '/api/admin/orders?status=LOST', token })).statusCode).toBe(400);
  });

  it('sorts orders by date, number, customer or total, a page at a time without repeats', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    const user = await ctx.newUser();
    const lamp = await ownProduct(ctx, 20);
    const one = await placeOrder(ctx, user, lamp, 1);
    const three = await placeOrder(ctx, user, lamp, 3);
    const two = await placeOrder(ctx, user, lamp, 2);
    const ids = async (query: string) =>
      (
        await ctx.request({
          method: 'GET',
          url: `/api/admin/orders?search=${encodeURIComponent(user.email)}&${query}`,
          token,
        })
      )
        .json()
        .data.map((o: Order) => o.id);

    expect(await ids('')).toEqual([two.id, three.id, one.id]);
    expect(await ids('sort=created')).toEqual([one.id, three.id, two.id]);
    expect(await ids('sort=total')).toEqual([one.id, two.id, three.id]);
    expect(await ids('sort=-total')).toEqual([three.id, two.id, one.id]);
    const byNumber = [one, two, three].sort((a, b) => a.number.localeCompare(b.number)).map((o) => o.id);
    expect(await ids('sort=number')).toEqual(byNumber);
    expect(await ids('sort=-number')).toEqual([...byNumber].reverse());
    const pages = [...(await ids('sort=-total&page_size=2&page=1')), ...(await ids('sort=-total&page_size=2&page=2'))];
    expect(pages).toEqual([three.id, two.id, one.id]);

    // By customer name: two shoppers sharing a made-up surname, found by it.
    const surname = `Sorter${Date.now().toString(36)}`;
    const rename = (id: number, firstName: string) =>
      ctx.app.db.update(users).set({ firstName, lastName: surname }).where(eq(users.id, id));
    const aaron = await ctx.newUser();
    await rename(aaron.id, 'Aaron');
    await rename(user.id, 'zoe');
    const aarons = await placeOrder(ctx, aaron, lamp, 1);
    const bySurname = async (sort: string) =>
      (await ctx.request({ method: 'GET', url: `/api/admin/orders?search=${surname}&sort=${sort}`, token }))
        .json()
        .data.map((o: Order) => o.id);
    // Case does not count ('zoe' after 'Aaron'); the id breaks the tie between one shopper's orders.
    expect(await bySurname('customer')).toEqual([aarons.id, one.id, three.id, two.id]);
    expect(await bySurname('-customer')).toEqual([two.id, three.id, one.id, aarons.id]);

    expect((await ctx.request({ method: 'GET', url: '/api/admin/orders?sort=price', token })).statusCode).toBe(400);
  });

  it('moves an order only along the allowed steps; delivering cash on delivery records the payment', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    const user = await ctx.newUser();
    const lamp = await ownProduct(ctx, 10);
    const order = await placeOrder(ctx, user, lamp, 1, 'CASH_ON_DELIVERY');
    const move = (status: string) =>
      ctx.request({ method: 'PATCH', url: `/api/admin/orders/${order.id}`, token, payload: { status } });

    const skip = await move('SHIPPED');
    expect(skip.statusCode).toBe(409);
    expect(skip.json().detail).toBe(
      `Order ${order.number} is pending; it can only be moved to processing or cancelled.`,
    );
    expect((await move('PAID')).statusCode).toBe(409);
    expect((await move('PROCESSING')).json().status).toBe('PROCESSING');
    expect((await move('PROCESSING')).json().detail).toBe(`Order ${order.number} is already processing.`);
    expect((await move('SHIPPED')).json().status).toBe('SHIPPED');
    const late = await move('CANCELLED');
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(`Order ${order.number} is shipped; it can only be moved to delivered.`);
    const delivered = (await move('DELIVERED')).json();
    expect(delivered).toMatchObject({ status: 'DELIVERED', paid_at: expect.any(String) });
    expect(delivered.status_history.map((h: { status: string }) => h.status)).toEqual([
      'PENDING',
      'PROCESSING',
      'SHIPPED',
      'DELIVERED',
    ]);
    const final = await move('PENDING');
    expect(final.json().detail).toBe(`Order ${order.number} is delivered; its status can no longer change.`);
    expect(
      (await ctx.request({ method: 'PATCH', url: '/api/admin/orders/999999', token, payload: { status: 'SHIPPED' } }))
        .statusCode,
    ).toBe(404);
  });

  it('cancelling an order puts its stock back, once', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    const user = await ctx.newUser();
    const lamp = await ownProduct(ctx, 5);
    const order = await placeOrder(ctx, user, lamp, 3);
    expect(await stockOf(ctx, lamp.variantId)).toBe(2);
    // What the storefront shows (its answer is cached until the stock changes).
    const shownStock = async () =>
      (await ctx.request({ method: 'GET', url: `/api/products/${lamp.productId}` })).json().variants[0].stock;
    expect(await shownStock()).toBe(2);
    const move = (status: string) =>
      ctx.request({ method: 'PATCH', url: `/api/admin/orders/${order.id}`, token, payload: { status } });
    expect((await move('PROCESSING')).statusCode).toBe(200);
    const cancelled = await move('CANCELLED');
    expect(cancelled.json().status).toBe('CANCELLED');
    expect(await stockOf(ctx, lamp.variantId)).toBe(5);
    expect(await shownStock()).toBe(5);
    expect((await move('CANCELLED')).statusCode).toBe(409);
    expect(await stockOf(ctx, lamp.variantId)).toBe(5);
    // Nothing to collect on a cancelled order.
    const paid = await ctx.request({ method: 'POST', url: `/api/admin/pay-later/${order.id}/mark-paid`, token });
    expect(paid.statusCode).toBe(409);
  });

  it('lists pay-later items with due date and days overdue; paid ones behind a filter; mark paid once', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    const user = await ctx.newUser();
    const lamp = await ownProduct(ctx, 10);
    const fresh = await placeOrder(ctx, user, lamp, 1);
    const late = await placeOrder(ctx, user, lamp, 2);
    // Due three and a half days ago.
    await ctx.app.db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - 3.5 * 24 * 60 * 60 * 1000) })
      .where(eq(orders.id, late.id));
    const list = async (status: string) =>
      (await ctx.request({ method: 'GET', url: `/api/admin/pay-later?status=${status}&page_size=100`, token })).json()
        .data as {
        id: number;
        order_id: number;
        overdue: boolean;
        days_overdue: number;
        amount: string;
        due_date: string;
      }[];

    const outstanding = await list('outstanding');
    const lateItem = outstanding.find((i) => i.order_id === late.id)!;
    const freshItem = outstanding.find((i) => i.order_id === fresh.id)!;
    expect(lateItem).toMatchObject({ overdue: true, days_overdue: 4, amount: late.total });
    expect(freshItem).toMatchObject({ overdue: false, days_overdue: 0, due_date: fresh.payment_due_at });
    // The most overdue first.
    expect(outstanding.indexOf(lateItem)).toBeLessThan(outstanding.indexOf(freshItem));

    const paid = await ctx.request({ method: 'POST', url: `/api/admin/pay-later/${lateItem.id}/mark-paid`, token });
    expect(paid.json()).toMatchObject({ status: 'paid', overdue: false, days_overdue: 0 });
    const again = await ctx.request({ method: 'POST', url: `/api/admin/pay-later/${lateItem.id}/mark-paid`, token });
    expect(again.json().paid_at).toBe(paid.json().paid_at);
    expect((await list('outstanding')).map((i) => i.id)).not.toContain(lateItem.id);
    expect((await list('paid')).map((i) => i.id)).toContain(lateItem.id);
    expect((await list('all')).map((i) => i.id)).toEqual(expect.arrayContaining([lateItem.id, freshItem.id]));

    // Found by order number, or by the customer's e-mail or name.
    const found = async (search: string) =>
      (await list(`all&search=${encodeURIComponent(search)}`)).map((i) => i.order_id).sort((a, b) => a - b);
    expect(await found(late.number.toLowerCase())).toEqual([late.id]);
    expect(await found(user.email)).toEqual([fresh.id, late.id].sort((a, b) => a - b));
    const other = await ctx.newUser();
    expect(await found(other.email)).toEqual([]);
    const searched = await ctx.request({
      method: 'GET',
      url: `/api/admin/pay-later?status=all&search=${encodeURIComponent(user.email)}`,
      token,
    });
    expect(searched.json().meta.total).toBe(2);
  });

  it('sums what is outstanding, overdue and paid over every pay-later item, whatever the page', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    const user = await ctx.newUser();
    const lamp = await ownProduct(ctx, 10);
    const summary = async (query = '') =>
      (await ctx.request({ method: 'GET', url: `/api/admin/pay-later?page_size=1${query}`, token })).json().summary as {
        outstanding: string;
        outstanding_count: number;
        overdue: string;
        overdue_count: number;
        paid: string;
        paid_count: number;
      };
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    const before = await summary();
    const late = await placeOrder(ctx, user, lamp, 2);
    const fresh = await placeOrder(ctx, user, lamp, 1);
    await placeOrder(ctx, user, lamp, 1, 'CASH_ON_DELIVERY');
    await ctx.app.db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(orders.id, late.id));

    const owed = await summary();
    expect(owed.outstanding_count - before.outstanding_count).toBe(2);
    expect(cents(owed.outstanding) - cents(before.outstanding)).toBe(cents(late.total) + cents(fresh.total));
    expect(owed.overdue_count - before.overdue_count).toBe(1);
    expect(cents(owed.overdue) - cents(before.overdue)).toBe(cents(late.total));
    // The same totals on the paid filter: they describe every item, not the list shown.
    expect(await summary('&status=paid')).toEqual(owed);

    await ctx.request({ method: 'POST', url: `/api/admin/pay-later/${late.id}/mark-paid`, token });
    const after = await summary();
    expect(after.overdue_count - before.overdue_count).toBe(0);
    expect(cents(after.outstanding) - cents(before.outstanding)).toBe(cents(fresh.total));
    expect(after.paid_count - before.paid_count).toBe(1);
    expect(cents(after.paid) - cents(before.paid)).toBe(cents(late.total));
  });

  it('shows the Contact Us inbox and marks a message answered', async () => {
    const ctx = get();
    const token = await ctx.adminToken();
    const sent = await ctx.request({
      method: 'POST',
      url: '/api/support/messages',
      payload: { inquiry_type: 'Returns & Refunds', subject: 'Wrong size', message: 'Can I swap it?', email: 'a@b.co' },
    });
    const id = sent.json().id;
    const open = (await ctx.request({ method: 'GET', url: '/api/admin/support/messages?status=OPEN', token })).json();
    expect(open.data[0]).toMatchObject({ id, status: 'OPEN', subject: 'Wrong size', email: 'a@b.co', customer: null });

    const handled = await ctx.request({
      method: 'PATCH',
      url: `/api/admin/support/messages/${id}`,
      token,
      payload: { status: 'ANSWERED' },
    });
    expect(handled.json()).toMatchObject({ id, status: 'ANSWERED' });
    const stillOpen = (
      await ctx.request({ method: 'GET', url: '/api/admin/support/messages?status=OPEN', token })
    ).json();
    expect(stillOpen.data.map((m: { id: number }) => m.id)).not.toContain(id);
    const answered = (
      await ctx.request({ method: 'GET', url: '/api/admin/support/messages?status=ANSWERED', token })
    ).json();
    expect(answered.data.map((m: { id: number }) => m.id)).toContain(id);
    expect(
      (
        await ctx.request({
          method: 'PATCH',
          url: '/api/admin/support/messages/999999',
          token,
          payload: { status: 'ANSWERED' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
