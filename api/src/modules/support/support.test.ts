import { sql } from 'drizzle-orm';
import { newsletterSubscribers } from './schema';
import { describeEachDatabase } from '../../test/fixture';

describeEachDatabase('support and newsletter', (get) => {
  it('stores a Contact Us message from a signed-in shopper with their account e-mail', async () => {
    const ctx = get();
    const user = await ctx.newUser();
    const sent = await ctx.request({
      method: 'POST',
      url: '/api/support/messages',
      token: user.access,
      payload: {
        inquiry_type: 'Order Support',
        subject: 'Where is my order?',
        message: 'Order ORD-1 has not arrived.',
      },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toMatch(/message has been sent/);

    const admin = await ctx.adminToken();
    const inbox = (await ctx.request({ method: 'GET', url: '/api/admin/support/messages', token: admin })).json();
    const stored = inbox.data.find((m: { id: number }) => m.id === sent.json().id);
    expect(stored).toMatchObject({
      email: user.email,
      inquiry_type: 'Order Support',
      subject: 'Where is my order?',
      message: 'Order ORD-1 has not arrived.',
      status: 'OPEN',
      customer: { id: user.id, name: 'Test User' },
    });
  });

  it('a signed-out visitor must give an e-mail to be answered at; bad input is a 400', async () => {
    const { request, adminToken } = get();
    const payload = { inquiry_type: 'General Inquiry', subject: '', message: 'Do you ship abroad?' };
    const anonymous = await request({ method: 'POST', url: '/api/support/messages', payload });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json()).toEqual({ email: ['Email is required'] });

    const withEmail = await request({
      method: 'POST',
      url: '/api/support/messages',
      payload: { ...payload, email: 'Visitor@Example.com' },
    });
    expect(withEmail.statusCode).toBe(201);
    const inbox = (
      await request({ method: 'GET', url: '/api/admin/support/messages', token: await adminToken() })
    ).json();
    expect(inbox.data.find((m: { id: number }) => m.id === withEmail.json().id)).toMatchObject({
      email: 'visitor@example.com',
      customer: null,
    });

    const empty = await request({
      method: 'POST',
      url: '/api/support/messages',
      payload: { ...payload, message: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toEqual(['Please write your message.']);
    const badType = await request({
      method: 'POST',
      url: '/api/support/messages',
      payload: { ...payload, inquiry_type: '', email: 'v@example.com' },
    });
    expect(badType.statusCode).toBe(400);
  });

  it('the inbox is for admins only', async () => {
    const { request, shopperToken } = get();
    expect((await request({ method: 'GET', url: '/api/admin/support/messages' })).statusCode).toBe(401);
    const shopper = await request({ method: 'GET', url: '/api/admin/support/messages', token: await shopperToken() });
    expect(shopper.statusCode).toBe(403);
  });

  it('subscribes to the newsletter once per address, with the same answer every time', async () => {
    const { request, app } = get();
    const first = await request({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email: 'Reader@Example.com' },
    });
    const again = await request({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email: 'reader@example.com' },
    });
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = await app.db
      .select({ email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = 'reader@example.com'`);
    expect(rows).toEqual([{ email: 'reader@example.com' }]);

    const bad = await request({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().email).toEqual(['Email is invalid']);
  });
});
