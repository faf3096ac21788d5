import { SignJWT } from 'jose';
import { describeEachDatabaseWithMail, SHOPPER, type TestContext } from '../../test/fixture';

/** POST auth/refresh-token with the given refresh token. */
const refreshWith = (request: TestContext['request'], refreshToken: string) =>
  request({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken } });

describeEachDatabaseWithMail('auth', (get) => {
  it('registers with the sign-up rules and refuses a taken e-mail with the spec body', async () => {
    const { request } = get();
    const bad = await request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { first_name: '  ', last_name: 'L', username: 'u', email: 'nope', password: 'short' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().first_name).toEqual(['First name is required']);
    expect(bad.json().email).toEqual(['Email is invalid']);
    expect(bad.json().password).toContain('Password must be at least 8 characters');

    const payload = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'ada',
      email: 'Ada.L@Example.com',
      password: 'Secret123',
    };
    const ok = await request({ method: 'POST', url: '/api/auth/register', payload });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().user).toMatchObject({ email: 'ada.l@example.com', role: 'REGULAR' });
    const taken = await request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...payload, email: 'ada.l@example.com' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: ['A user with this email already exists.'] });
  });

  it('logs in with a role claim and rejects wrong passwords with a detail', async () => {
    const { request } = get();
    const res = await request({ method: 'POST', url: '/api/auth/login', payload: SHOPPER });
    expect(res.statusCode).toBe(200);
    const { access, refresh } = res.json();
    const claims = JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString());
    expect(claims.role).toBe('REGULAR');
    expect(claims.exp - claims.iat).toBe(900);
    expect(typeof refresh).toBe('string');
    const admin = await request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.com', password: 'Admin1234' },
    });
    expect(JSON.parse(Buffer.from(admin.json().access.split('.')[1], 'base64url').toString()).role).toBe('ADMIN');

    const wrong = await request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { ...SHOPPER, password: 'Wrong1234' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBeTruthy();
    const unknown = await request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'x' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().detail).toBe(wrong.json().detail);
  });

  it('refuses a body over the size limit with a 413 and a detail, not a crash', async () => {
    const res = await get().request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(typeof res.json().detail).toBe('string');
    expect(res.body).not.toMatch(/at .+\.(ts|js):\d+/);
  });

  it('answers protected routes without a token with the spec detail', async () => {
    const res = await get().request({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const forged = await get().request({ method: 'GET', url: '/api/users/me', token: 'a.b.c' });
    expect(forged.statusCode).toBe(401);
  });

  it('rotates refresh tokens and revokes the family when a rotated one is reused', async () => {
    const { request, newUser } = get();
    const user = await newUser();
    const first = await refreshWith(request, user.refresh);
    expect(first.statusCode).toBe(200);
    const rotated = first.json().refresh;
    expect(rotated).not.toBe(user.refresh);
    const me = await request({ method: 'GET', url: '/api/users/me', token: first.json().access });
    expect(me.json().email).toBe(user.email);

    // Replaying the old token (theft) ends the whole session: the new one stops working too.
    const replay = await refreshWith(request, user.refresh);
    expect(replay.statusCode).toBe(401);
    const afterReplay = await refreshWith(request, rotated);
    expect(afterReplay.statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const { request, newUser } = get();
    const user = await newUser();
    const out = await request({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: user.refresh } });
    expect(out.statusCode).toBe(200);
    const res = await refreshWith(request, user.refresh);
    expect(res.statusCode).toBe(401);
  });

  it('resets a password through the mailed link, once, without revealing unknown e-mails', async () => {
    const { request, newUser, login, mail } = get();
    const user = await newUser();
    const unknown = await request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ghost@example.com' },
    });
    const known = await request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    // The link arrives over SMTP in the catcher (MailDev), nowhere else.
    const sent = await mail!.waitFor(user.email);
    expect((await mail!.messages()).some((m) => m.to.some((t) => t.address === 'ghost@example.com'))).toBe(false);
    const link = /http:\/\/localhost:3000\/auth\/reset-password\/[\w-]+/.exec(sent.text)?.[0];
    expect(link).toBeDefined();
    const token = link!.split('/').pop();

    const weak = await request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'weak' },
    });
    expect(weak.statusCode).toBe(400);
    const reset = await request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'BrandNew123' },
    });
    expect(reset.statusCode).toBe(200);
    const again = await request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Another123' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/invalid or has expired/);
    await expect(login(user.email, 'BrandNew123')).resolves.toHaveProperty('access');
    // Old sessions end with the reset.
    const old = await refreshWith(request, user.refresh);
    expect(old.statusCode).toBe(401);
  });

  it('changing the password ends every other session and keeps the current one (issue 11.5)', async () => {
    const { request, newUser, login } = get();
    const user = await newUser();
    const otherDevice = await login(user.email, user.password);
    const changed = await request({
      method: 'POST',
      url: '/api/users/me/change-password',
      token: user.access,
      payload: { current_password: user.password, new_password: 'Changed123' },
    });
    expect(changed.statusCode).toBe(200);
    const other = await refreshWith(request, otherDevice.refresh);
    expect(other.statusCode).toBe(401);
    // The session that changed it goes on: it refreshes and its new token answers.
    const current = await refreshWith(request, user.refresh);
    expect(current.statusCode).toBe(200);
    const me = await request({ method: 'GET', url: '/api/users/me', token: current.json().access });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a correctly signed access token without exp or iat (issue 11.9)', async () => {
    const { app, request, newUser } = get();
    const user = await newUser();
    const key = new TextEncoder().encode(app.config.jwtSecret);
    const sid = JSON.parse(Buffer.from(user.access.split('.')[1]!, 'base64url').toString()).sid;
    const token = (claims: { exp?: boolean; iat?: boolean }) => {
      const jwt = new SignJWT({ role: 'REGULAR', token_type: 'access', sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer('store-api');
      if (claims.iat) jwt.setIssuedAt();
      if (claims.exp) jwt.setExpirationTime('5m');
      return jwt.sign(key);
    };
    const me = async (access: string) =>
      (await request({ method: 'GET', url: '/api/users/me', token: access })).statusCode;
    expect(await me(await token({ exp: true, iat: true }))).toBe(200);
    expect(await me(await token({ iat: true }))).toBe(401);
    expect(await me(await token({ exp: true }))).toBe(401);
  });

  it('serves no mail back: a reset for the admin cannot be read without the mailbox (issue 11.1)', async () => {
    const { app, request, mail } = get();
    const asked = await request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'admin@example.com' },
    });
    expect(asked.statusCode).toBe(200);
    expect((await request({ method: 'GET', url: '/api/auth/dev-outbox' })).statusCode).toBe(404);
    expect(app.routeList.filter((r) => /outbox|mail/i.test(r.url) && r.method === 'GET')).toEqual([]);
    // The mail went to the admin's mailbox (the catcher stands in for it).
    await expect(mail!.waitFor('admin@example.com')).resolves.toMatchObject({ subject: 'Reset your password' });
  });

  it('forgot-password does the same database work for a known and an unknown e-mail', async () => {
    const { app, request, newUser } = get();
    const user = await newUser();
    const db = app.db as unknown as Record<string, () => unknown>;
    const spies = ['select', 'selectDistinct', 'insert', 'update', 'delete', 'execute', 'transaction'].map(
      (name) => [name, jest.spyOn(db, name as 'select')] as const,
    );
    const work = async (email: string) => {
      for (const [, spy] of spies) spy.mockClear();
      const res = await request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      expect(res.statusCode).toBe(200);
      return spies.flatMap(([name, spy]) => spy.mock.calls.map(() => name));
    };
    try {
      const known = await work(user.email);
      const unknown = await work('nobody-here@example.com');
      expect(known.length).toBeGreaterThan(0);
      expect(unknown).toEqual(known);
    } finally {
      for (const [, spy] of spies) spy.mockRestore();
    }
  });
});
