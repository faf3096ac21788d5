import { createSessionStore, followOtherTabs } from './sessionStore';
import { AUTH_STORAGE_KEY } from './persistence';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: object) => `${b64({ alg: 'HS256' })}.${b64(payload)}.sig`;
const future = Math.floor(Date.now() / 1000) + 3600;
const past = Math.floor(Date.now() / 1000) - 10;

beforeEach(() => localStorage.clear());

describe('session store', () => {
  it('login reads the role claim, persists tokens plus role under "auth"', () => {
    const store = createSessionStore();
    const tokens = { access: jwt({ role: 'ADMIN', exp: future }), refresh: jwt({ exp: future }) };
    store.getState().login(tokens);
    expect(store.getState()).toMatchObject({ isAuthenticated: true, role: 'ADMIN', tokens });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY)!)).toEqual({ tokens, role: 'ADMIN' });
  });

  it('defaults the role to REGULAR', () => {
    const store = createSessionStore();
    store.getState().login({ access: jwt({ sub: '1' }), refresh: 'r' });
    expect(store.getState().role).toBe('REGULAR');
  });

  it('restores a saved session at start-up', () => {
    const tokens = { access: jwt({ role: 'ADMIN', exp: past }), refresh: jwt({ exp: future }) };
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ tokens, role: 'ADMIN' }));
    const store = createSessionStore();
    // An expired access token alone is fine: the HTTP client refreshes it.
    expect(store.getState()).toMatchObject({ isAuthenticated: true, role: 'ADMIN' });
  });

  it.each([
    ['not JSON', '{nope'],
    ['missing fields', JSON.stringify({ tokens: { access: 'a' } })],
    ['a malformed token', JSON.stringify({ tokens: { access: 'abc', refresh: 'r' }, role: 'REGULAR' })],
    [
      'an expired refresh token',
      JSON.stringify({ tokens: { access: jwt({}), refresh: jwt({ exp: past }) }, role: 'REGULAR' }),
    ],
  ])('starts signed out with %s, and drops the bad value', (_label, raw) => {
    localStorage.setItem(AUTH_STORAGE_KEY, raw);
    const store = createSessionStore();
    expect(store.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('never trusts a stored role that the token does not carry', () => {
    const tokens = { access: jwt({ role: 'REGULAR' }), refresh: jwt({ exp: future }) };
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ tokens, role: 'ADMIN' }));
    expect(createSessionStore().getState().role).toBe('REGULAR');
  });

  it('logout clears the saved session', () => {
    const store = createSessionStore();
    store.getState().login({ access: jwt({}), refresh: 'r' });
    store.getState().logout();
    expect(store.getState()).toMatchObject({ isAuthenticated: false, tokens: null });
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });
});

describe('dialog requests', () => {
  it('records dialog requests from any room', () => {
    const store = createSessionStore();
    store.getState().openDialog('login', { returnTo: '/cart' });
    expect(store.getState().dialog).toEqual({ kind: 'login', returnTo: '/cart' });
    store.getState().closeDialog();
    expect(store.getState().dialog).toBeNull();
  });
});

describe('tabs in step', () => {
  const tokens = (n: number) => ({ access: jwt({ n, exp: future }), refresh: jwt({ n, exp: future }) });
  const otherTab = (value: string | null) => {
    if (value === null) localStorage.removeItem(AUTH_STORAGE_KEY);
    else localStorage.setItem(AUTH_STORAGE_KEY, value);
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY, newValue: value }));
  };

  it("takes another tab's refreshed tokens, and its logout, from the storage event", () => {
    const store = createSessionStore();
    const stop = followOtherTabs(store);
    store.getState().login(tokens(1));
    otherTab(JSON.stringify({ tokens: tokens(2), role: 'REGULAR' }));
    expect(store.getState().tokens).toEqual(tokens(2));
    otherTab(null);
    expect(store.getState()).toMatchObject({ isAuthenticated: false, tokens: null });
    stop();
  });
});
