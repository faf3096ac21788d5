// jsdom: requests go through its XMLHttpRequest, the one adapter @store/http sends with.
import { configureHttp, getErrorMessage, http } from '@store/http';
import { startTestServer } from '@store/http/test-server';
import { sessionStore } from '@store/session';
import { RoleNotAllowedError, signIn, signOut } from './signInOut';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: object) => `${b64({ alg: 'HS256' })}.${b64(payload)}.sig`;
const shopper = { access: jwt({ sub: '2', role: 'REGULAR' }), refresh: 'refresh-shopper' };
const admin = { access: jwt({ sub: '1', role: 'ADMIN' }), refresh: 'refresh-admin' };

let server: Awaited<ReturnType<typeof startTestServer>>;
let loginAnswer: { status: number; body?: unknown };

beforeEach(async () => {
  loginAnswer = { status: 200, body: { ...shopper, message: 'Login Successful!' } };
  server = await startTestServer((req) => {
    if (req.url === '/api/auth/login') return loginAnswer;
    if (req.url === '/api/auth/logout') return { status: 200, body: { message: 'Logged out.' } };
    return { status: 404, body: { detail: 'Not found.' } };
  });
  configureHttp({ baseURL: server.baseURL, retryDelayMs: 1 });
});
afterEach(async () => {
  sessionStore.getState().logout();
  await server.close();
});

const calls = () => server.requests.map((r) => `${r.method} ${r.url} ${r.body}`);

describe('signIn', () => {
  it("posts the credentials, keeps the tokens in the session store and gives the role and the server's message", async () => {
    await expect(signIn({ email: 'ada@example.com', password: 'Secret123' })).resolves.toEqual({
      role: 'REGULAR',
      message: 'Login Successful!',
    });
    expect(calls()).toEqual(['POST /api/auth/login {"email":"ada@example.com","password":"Secret123"}']);
    expect(sessionStore.getState()).toMatchObject({ tokens: shopper, role: 'REGULAR', isAuthenticated: true });
  });

  it("says 'Request successful!' when the server gives no message", async () => {
    loginAnswer = { status: 200, body: admin };
    await expect(signIn({ email: 'a@b.c', password: 'x' })).resolves.toEqual({
      role: 'ADMIN',
      message: 'Request successful!',
    });
  });

  it("rejects with the server's error and stores nothing when the credentials are wrong", async () => {
    loginAnswer = { status: 401, body: { detail: 'No active account found with the given credentials' } };
    const error = await signIn({ email: 'a@b.c', password: 'x' }).catch((e: unknown) => e);
    expect(getErrorMessage(error)).toBe('No active account found with the given credentials');
    expect(sessionStore.getState().isAuthenticated).toBe(false);
  });

  it.each([
    ['no refresh token', { access: shopper.access }],
    ['an empty access token', { access: '', refresh: 'r' }],
  ])('refuses an answer with %s and stores nothing', async (_, body) => {
    loginAnswer = { status: 200, body };
    await expect(signIn({ email: 'a@b.c', password: 'x' })).rejects.toThrow('The sign-in answer carried no tokens.');
    expect(sessionStore.getState().tokens).toBeNull();
  });

  it('with onlyRole, refuses another role before storing anything and revokes its refresh token', async () => {
    const error = await signIn({ email: 'a@b.c', password: 'x' }, { onlyRole: 'ADMIN' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RoleNotAllowedError);
    expect(sessionStore.getState().isAuthenticated).toBe(false);
    expect(calls()).toEqual([
      expect.stringMatching(/^POST \/api\/auth\/login /),
      'POST /api/auth/logout {"refreshToken":"refresh-shopper"}',
    ]);
  });

  it('with onlyRole, lets the right role in', async () => {
    loginAnswer = { status: 200, body: admin };
    await expect(signIn({ email: 'a@b.c', password: 'x' }, { onlyRole: 'ADMIN' })).resolves.toMatchObject({
      role: 'ADMIN',
    });
    expect(sessionStore.getState().tokens).toEqual(admin);
  });
});

describe('signOut', () => {
  it('forgets the session at once and revokes the refresh token on the server', async () => {
    sessionStore.getState().login(shopper);
    const done = signOut();
    expect(sessionStore.getState().isAuthenticated).toBe(false);
    await done;
    expect(calls()).toEqual(['POST /api/auth/logout {"refreshToken":"refresh-shopper"}']);
  });

  it('stays signed out when the server cannot be reached', async () => {
    sessionStore.getState().login(shopper);
    await server.close();
    // A short timeout: jsdom's XMLHttpRequest keeps a failed request's timeout timer running (a
    // browser clears it), which would hold the test run open for the 20 s default.
    const { timeout } = http.defaults;
    http.defaults.timeout = 1_000;
    try {
      await expect(signOut()).resolves.toBeUndefined();
    } finally {
      http.defaults.timeout = timeout;
    }
    expect(sessionStore.getState().tokens).toBeNull();
  });
});
