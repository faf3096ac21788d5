// jsdom: requests go through its XMLHttpRequest, the adapter the store's builds keep (HTTP_ADAPTER).
import axios from 'axios';
import { sessionStore } from '@store/session';
import { assetUrl, configureHttp, http, HTTP_ADAPTER, SESSION_EXPIRED_MESSAGE } from './client';
import { getErrorMessage, getFieldErrors, UNEXPECTED_ERROR } from './errors';
import { consumeFlashMessage } from './flash';
import { queryClient, queryKeys } from './queryClient';
import { startTestServer } from './testServer';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: object) => `${b64({ alg: 'HS256' })}.${b64(payload)}.sig`;

const redirects: string[] = [];
let server: Awaited<ReturnType<typeof startTestServer>>;

afterEach(async () => {
  await server?.close();
  sessionStore.getState().logout();
  redirects.length = 0;
  sessionStorage.clear();
});

function signIn(access = jwt({ n: 1 }), refresh = 'refresh-1') {
  sessionStore.getState().login({ access, refresh });
}

describe('http client', () => {
  it('sends JSON with the bearer token when one is held', async () => {
    server = await startTestServer(() => ({ status: 200, body: { ok: true } }));
    configureHttp({ baseURL: server.baseURL, retryDelayMs: 1, redirect: (u) => redirects.push(u) });
    await http.get('users/me');
    expect(server.requests[0]!.authorization).toBeUndefined();
    signIn('token-a');
    await http.get('users/me');
    expect(server.requests[1]!.authorization).toBe('Bearer token-a');
    expect(server.requests[1]!.url).toBe('/api/users/me');
  });

  it('five concurrent 401s cause exactly one refresh, then each request is retried with the new token', async () => {
    const fresh = jwt({ n: 2 });
    server = await startTestServer(async (req, body) => {
      if (req.url === '/api/auth/refresh-token') {
        await new Promise((r) => setTimeout(r, 50));
        expect(JSON.parse(body)).toEqual({ refreshToken: 'refresh-1' });
        return { status: 200, body: { access: fresh, refresh: 'refresh-2' } };
      }
      return req.headers.authorization === `Bearer ${fresh}`
        ? { status: 200, body: { url: req.url } }
        : { status: 401, body: { detail: 'Token expired' } };
    });
    configureHttp({ baseURL: server.baseURL, retryDelayMs: 1, redirect: (u) => redirects.push(u) });
    signIn(jwt({ n: 1 }), 'refresh-1');
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => http.get(`items/${n}`)));
    expect(results.map((r) => r.data.url)).toEqual([1, 2, 3, 4, 5].map((n) => `/api/items/${n}`));
    expect(server.requests.filter((r) => r.url === '/api/auth/refresh-token')).toHaveLength(1);
    expect(sessionStore.getState().tokens).toEqual({ access: fresh, refresh: 'refresh-2' });
  });

  it('a failed refresh logs out, keeps the expiry message and redirects to /', async () => {
    server = await startTestServer((req) =>
      req.url === '/api/auth/refresh-token' ? { status: 401, body: { detail: 'bad' } } : { status: 403, body: {} },
    );
    configureHttp({ baseURL: server.baseURL, retryDelayMs: 1, redirect: (u) => redirects.push(u) });
    signIn();
    await expect(http.get('users/me')).rejects.toThrow();
    expect(sessionStore.getState().isAuthenticated).toBe(false);
    expect(redirects).toEqual(['/']);
    expect(consumeFlashMessage()).toEqual({ type: 'error', message: SESSION_EXPIRED_MESSAGE });
  });

  it.each([
    ['without a refresh token', { access: 'only-access' }],
    ['with an empty access token', { access: '', refresh: 'refresh-2' }],
    ['as an HTML page', '<html>Bad gateway</html>'],
  ])('a refresh answered 200 %s is a failed refresh: logged out, nothing stored', async (_, answer) => {
    server = await startTestServer((req) =>
      req.url === '/api/auth/refresh-token' ? { status: 200, body: answer } : { status: 401, body: {} },
    );
    configureHttp({ baseURL: server.baseURL, retryDelayMs: 1, redirect: (u) => redirects.push(u) });
    signIn();
    await expect(http.get('users/me')).rejects.toThrow();
    expect(server.requests.map((r) => r.url)).toEqual(['/api/users/me', '/api/auth/refresh-token']);
    expect(sessionStore.getState().tokens).toBeNull();
    expect(redirects).toEqual(['/']);
  });

  it('a 401 from an auth call is the answer, not a reason to refresh', async () => {
    server = await startTestServer(() => ({ status: 401, body: { detail: 'No active account found' } }));
    configureHttp({ baseURL: server.baseURL, retryDelayMs: 1, redirect: (u) => redirects.push(u) });
    signIn();
    const error = await http.post('auth/login', { email: 'a@b.c', password: 'x' }).catch((e: unknown) => e);
    expect(getErrorMessage(error)).toBe('No active account found');
    expect(server.requests.map((r) => r.url)).toEqual(['/api/auth/login']);
    // A signed-in visitor who mistypes a password elsewhere stays signed in.
    expect(sessionStore.getState().isAuthenticated).toBe(true);
    expect(redirects).toEqual([]);
  });

  it('a 401 without a refresh token is not refreshed', async () => {
    server = await startTestServer(() => ({
      status: 401,
      body: { detail: 'Authentication credentials were not provided.' },
    }));
    configureHttp({ baseURL: server.baseURL, retryDelayMs: 1, redirect: (u) => redirects.push(u) });
    const error = await http.get('users/me').catch((e: unknown) => e);
    expect(getErrorMessage(error)).toBe('Authentication credentials were not provided.');
    expect(server.requests).toHaveLength(1);
    expect(redirects).toEqual([]);
  });

  it('retries a 5xx three times with a growing delay, then fails', async () => {
    server = await startTestServer(() => ({ status: 503, body: { detail: 'down' } }));
    configureHttp({ baseURL: server.baseURL, retryDelayMs: 20, redirect: (u) => redirects.push(u) });
    const started = Date.now();
    await expect(http.get('products')).rejects.toThrow();
    expect(server.requests).toHaveLength(4);
    // 20 + 40 + 60 ms of waiting at least.
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('recovers when a 5xx is followed by a success', async () => {
    let calls = 0;
    server = await startTestServer(() => (++calls < 3 ? { status: 500 } : { status: 200, body: { ok: 1 } }));
    configureHttp({ baseURL: server.baseURL, retryDelayMs: 1, redirect: (u) => redirects.push(u) });
    await expect(http.get('products')).resolves.toMatchObject({ data: { ok: 1 } });
    expect(calls).toBe(3);
  });

  it('gives every change its own Idempotency-Key and sends the same one on its retries', async () => {
    let calls = 0;
    server = await startTestServer(() => (++calls % 2 === 1 ? { status: 502 } : { status: 200, body: { ok: 1 } }));
    configureHttp({ baseURL: server.baseURL, retryDelayMs: 1, redirect: (u) => redirects.push(u) });
    await http.post('products/add-to-cart', { product_id: 1, variant_id: 2 });
    await http.post('products/add-to-cart', { product_id: 1, variant_id: 2 });
    await http.put('products/update-cart-item/1/2', { quantity: 3 });
    await http.patch('users/me', { first_name: 'A' });
    await http.delete('products/clear-cart');
    await http.get('products');
    const keys = server.requests.map((r) => r.idempotencyKey);
    // Each change: a 502, then its retry with the same key; the GET carries none.
    expect(server.requests.map((r) => r.method)).toEqual([
      ...['POST', 'POST', 'POST', 'POST', 'PUT', 'PUT', 'PATCH', 'PATCH', 'DELETE', 'DELETE'],
      ...['GET', 'GET'],
    ]);
    for (let i = 0; i < 10; i += 2) {
      expect(keys[i]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(keys[i + 1]).toBe(keys[i]);
    }
    expect(new Set(keys.slice(0, 10)).size).toBe(5);
    expect(keys.slice(10)).toEqual([undefined, undefined]);
  });

  it('retries a network failure', async () => {
    server = await startTestServer(() => ({ status: 200, body: {} }));
    const url = server.baseURL;
    await server.close();
    configureHttp({ baseURL: url, retryDelayMs: 1, redirect: (u) => redirects.push(u) });
    let attempts = 0;
    const id = http.interceptors.request.use((c) => {
      attempts++;
      return c;
    });
    // A short timeout: jsdom's XMLHttpRequest keeps a failed request's timeout timer running (a
    // browser clears it), which would hold the test run open for the 20 s default.
    const error = await http.get('products', { timeout: 1_000 }).catch((e: unknown) => e);
    http.interceptors.request.eject(id);
    expect(attempts).toBe(4);
    expect(getErrorMessage(error)).toBe(UNEXPECTED_ERROR);
    server = await startTestServer(() => ({ status: 200 }));
  });

  it('a request over its timeout is aborted and retried like a network failure', async () => {
    server = await startTestServer(async () => {
      await new Promise((r) => setTimeout(r, 300));
      return { status: 200, body: {} };
    });
    configureHttp({ baseURL: server.baseURL, retryDelayMs: 1, redirect: (u) => redirects.push(u) });
    const started = Date.now();
    const error = await http.get('slow', { timeout: 50 }).catch((e: unknown) => e);
    expect(axios.isAxiosError(error) && error.code).toBe('ECONNABORTED');
    expect(server.requests).toHaveLength(4);
    // Four attempts of 50 ms, not four answers of 300 ms.
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a request aborted by its caller fails at once, without retries', async () => {
    server = await startTestServer(async () => {
      await new Promise((r) => setTimeout(r, 300));
      return { status: 200, body: {} };
    });
    configureHttp({ baseURL: server.baseURL, retryDelayMs: 1, redirect: (u) => redirects.push(u) });
    const controller = new AbortController();
    const request = http.get('slow', { signal: controller.signal }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    controller.abort();
    expect(axios.isCancel(await request)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it("sends through XMLHttpRequest, the adapter the store's builds keep", async () => {
    server = await startTestServer(() => ({ status: 200, body: { ok: true } }));
    configureHttp({ baseURL: server.baseURL, retryDelayMs: 1, redirect: (u) => redirects.push(u) });
    const response = await http.get('users/me');
    expect(HTTP_ADAPTER[0]).toBe('xhr');
    expect(response.request).toBeInstanceOf(XMLHttpRequest);
  });

  it("logout drops every cache of the signed-in user and keeps the public catalogue's", () => {
    signIn();
    queryClient.setQueryData(queryKeys.profile, { id: 1 });
    queryClient.setQueryData(queryKeys.wishlist, { data: [] });
    queryClient.setQueryData(['admin', 'dashboard'], { revenue: '1.00' });
    queryClient.setQueryData(queryKeys.categories, { data: [] });
    queryClient.setQueryData(queryKeys.products({ page: 1 }), { data: [] });
    queryClient.setQueryData(queryKeys.product(3), { id: 3 });
    sessionStore.getState().logout();
    expect(queryClient.getQueryData(queryKeys.profile)).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.wishlist)).toBeUndefined();
    expect(queryClient.getQueryData(['admin', 'dashboard'])).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.categories)).toEqual({ data: [] });
    expect(queryClient.getQueryData(queryKeys.products({ page: 1 }))).toEqual({ data: [] });
    expect(queryClient.getQueryData(queryKeys.product(3))).toEqual({ id: 3 });
    queryClient.clear();
  });
});

describe('assetUrl', () => {
  it("resolves a media path against the API's origin, where the page may be elsewhere", () => {
    configureHttp({ baseURL: 'https://shop.example/api/' });
    expect(assetUrl('/api/media/products/3/1.svg')).toBe('https://shop.example/api/media/products/3/1.svg');
    expect(assetUrl('https://cdn.example/a.svg')).toBe('https://cdn.example/a.svg');
  });
});

describe('error messages', () => {
  it('prefers message, then detail, then the fallback', async () => {
    server = await startTestServer((req) =>
      req.url === '/api/a'
        ? { status: 400, body: { message: 'From message', detail: 'From detail' } }
        : req.url === '/api/b'
          ? { status: 400, body: { detail: 'From detail' } }
          : { status: 400, body: { email: ['A user with this email already exists.'] } },
    );
    configureHttp({ baseURL: server.baseURL, retryDelayMs: 1 });
    const fail = (path: string) => http.get(path).catch((e: unknown) => e);
    expect(getErrorMessage(await fail('a'))).toBe('From message');
    expect(getErrorMessage(await fail('b'))).toBe('From detail');
    const fields = await fail('c');
    expect(getErrorMessage(fields, 'Signup failed. Please try again.')).toBe('Signup failed. Please try again.');
    expect(getFieldErrors(fields)).toEqual({ email: 'A user with this email already exists.' });
  });
});
