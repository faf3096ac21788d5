import { AUTH_STORAGE_KEY } from '@store/session';
import { startTestServer } from './testServer';

/**
 * Two tabs of one browser (issue 11 item 8): each tab is its own copy of the session store and the
 * HTTP client (jest.isolateModules), sharing what tabs share: local storage and the origin's Web
 * Locks. The API rotates refresh tokens with reuse detection, as the real one does: presenting a
 * rotated refresh token answers 401, which would throw both tabs out.
 */
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const later = Math.floor(Date.now() / 1000) + 3600;
const token = (kind: string, n: number) => `${b64({ alg: 'HS256' })}.${b64({ kind, n, exp: later })}.sig`;

type Tab = { client: typeof import('./client'); session: typeof import('@store/session') };

function openTab(): Tab {
  let tab!: Tab;
  jest.isolateModules(() => {
    tab = { client: jest.requireActual('./client'), session: jest.requireActual('@store/session') };
  });
  return tab;
}

/** A lock manager like the browser's: one holder per name, the others wait in order. */
function fakeLocks() {
  const queues = new Map<string, Promise<unknown>>();
  const granted: string[] = [];
  const requested: string[] = [];
  /** When each holder let go (Date.now()). */
  const releasedAt: number[] = [];
  return {
    granted,
    requested,
    releasedAt,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      requested.push(name);
      const before = queues.get(name) ?? Promise.resolve();
      const mine = before.then(() => {
        granted.push(name);
        return callback().finally(() => releasedAt.push(Date.now()));
      });
      queues.set(
        name,
        mine.catch(() => undefined),
      );
      return mine;
    },
  };
}

let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
let locks: ReturnType<typeof fakeLocks>;

beforeEach(() => {
  locks = fakeLocks();
  Object.defineProperty(window.navigator, 'locks', { value: locks, configurable: true });
});

afterEach(async () => {
  await server?.close();
  localStorage.clear();
  delete (window.navigator as { locks?: unknown }).locks;
});

/**
 * The API's rotation: refresh-n is good once, and presenting it again is reuse (401). Access token n
 * works until `expireAccess()` (it starts expired).
 */
async function rotatingApi() {
  let current = 1;
  let accessValid = false;
  const reused: string[] = [];
  server = await startTestServer(async (req, body) => {
    if (req.url === '/api/auth/refresh-token') {
      const presented = (JSON.parse(body) as { refreshToken: string }).refreshToken;
      // Slow enough that the second tab asks while the first one still refreshes.
      await new Promise((r) => setTimeout(r, 80));
      if (presented !== token('refresh', current)) {
        reused.push(presented);
        return { status: 401, body: { detail: 'Token is invalid or expired' } };
      }
      current += 1;
      accessValid = true;
      return { status: 200, body: { access: token('access', current), refresh: token('refresh', current) } };
    }
    return accessValid && req.headers.authorization === `Bearer ${token('access', current)}`
      ? { status: 200, body: { url: req.url } }
      : { status: 401, body: { detail: 'Given token not valid for any token type' } };
  });
  return {
    reused,
    expireAccess: () => {
      accessValid = false;
    },
  };
}

function signedInBoth() {
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({ tokens: { access: token('access', 1), refresh: token('refresh', 1) }, role: 'REGULAR' }),
  );
  const a = openTab();
  const b = openTab();
  const redirects: string[] = [];
  for (const tab of [a, b]) {
    tab.client.configureHttp({ baseURL: server!.baseURL, retryDelayMs: 1, redirect: (u) => redirects.push(u) });
  }
  expect(a.session.sessionStore.getState().tokens?.refresh).toBe(token('refresh', 1));
  expect(b.session.sessionStore.getState().tokens?.refresh).toBe(token('refresh', 1));
  return { a, b, redirects };
}

describe('two tabs refreshing at once', () => {
  it('one refresh call: the tab that waited for the lock takes the stored tokens the other one got', async () => {
    const api = await rotatingApi();
    const { a, b, redirects } = signedInBoth();

    // Both access tokens are expired at the API: both tabs need a refresh at the same moment.
    const [fromA, fromB] = await Promise.all([a.client.http.get('cart'), b.client.http.get('users/me')]);

    expect([fromA.data.url, fromB.data.url]).toEqual(['/api/cart', '/api/users/me']);
    expect(server!.requests.filter((r) => r.url === '/api/auth/refresh-token')).toHaveLength(1);
    expect(api.reused).toEqual([]);
    expect(locks.granted).toEqual(['store:auth-refresh', 'store:auth-refresh']);
    const fresh = { access: token('access', 2), refresh: token('refresh', 2) };
    expect(a.session.sessionStore.getState().tokens).toEqual(fresh);
    expect(b.session.sessionStore.getState().tokens).toEqual(fresh);
    expect(redirects).toEqual([]);
  });

  it("the refreshing tab goes on at once but keeps the lock a moment, until other tabs' storage has its tokens", async () => {
    await rotatingApi();
    const { a } = signedInBoth();
    const answer = await a.client.http.get('cart');
    const answeredAt = Date.now();
    expect(answer.data.url).toBe('/api/cart');
    expect(locks.releasedAt).toEqual([]);
    for (let i = 0; i < 100 && locks.releasedAt.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(locks.releasedAt).toHaveLength(1);
    expect(locks.releasedAt[0]! - answeredAt).toBeGreaterThanOrEqual(a.client.REFRESH_SETTLE_MS - 100);
  });

  it('several rounds, each tab expiring in turn, never present a rotated token', async () => {
    const api = await rotatingApi();
    const { a, b, redirects } = signedInBoth();
    for (let round = 0; round < 4; round++) {
      // The access token expires; the tab whose turn it is refreshes, the other one then finds its
      // own tokens stale too and must take the stored ones instead of presenting its rotated one.
      api.expireAccess();
      const first = round % 2 ? b : a;
      const second = round % 2 ? a : b;
      await first.client.http.get('cart');
      await second.client.http.get('cart');
    }
    expect(api.reused).toEqual([]);
    expect(server!.requests.filter((r) => r.url === '/api/auth/refresh-token')).toHaveLength(4);
    expect(redirects).toEqual([]);
    expect(a.session.sessionStore.getState().isAuthenticated).toBe(true);
    expect(b.session.sessionStore.getState().isAuthenticated).toBe(true);
  });

  it('a tab whose refresh waits while the other tab signs out follows it: signed out, no expiry message', async () => {
    await rotatingApi();
    const { a, b, redirects } = signedInBoth();
    // Tab A holds the lock; meanwhile it signs out (its logout clears the stored session).
    let release!: () => void;
    const held = locks.request('store:auth-refresh', () => new Promise<void>((r) => (release = r)));
    const pending = b.client.http.get('cart');
    for (let i = 0; i < 200 && locks.requested.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(locks.requested).toHaveLength(2);
    a.session.sessionStore.getState().logout();
    release();
    await held;
    await expect(pending).rejects.toMatchObject({ response: { status: 401 } });
    expect(b.session.sessionStore.getState().isAuthenticated).toBe(false);
    expect(server!.requests.filter((r) => r.url === '/api/auth/refresh-token')).toHaveLength(0);
    expect(redirects).toEqual([]);
  });
});
