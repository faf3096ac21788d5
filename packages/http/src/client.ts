import axios, { AxiosHeaders, type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { parseTokensResponse } from '@store/contracts/tokens';
import { sessionStore, type Tokens } from '@store/session';
import { writeFlashMessage } from './flash';

/** SPEC.md section 9. */
const REQUEST_TIMEOUT_MS = 20_000;
const MAX_RETRIES = 3;
const RETRY_DELAY_MS = 1_000;
export const SESSION_EXPIRED_MESSAGE = 'Session expired, please signin again.';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/**
 * The axios adapters the store uses, first supported wins: XMLHttpRequest in browsers, Node's http
 * where there is none (the resilience suite drives this client in Node; browser builds map axios's
 * http adapter to nothing). Production builds leave axios's fetch adapter out (see README.md): naming
 * 'fetch' there fails loudly instead of silently falling back.
 */
export const HTTP_ADAPTER: ['xhr', 'http'] = ['xhr', 'http'];

/** Methods that change something: each request carries its own key, kept for its retries. */
const MUTATING = new Set(['post', 'put', 'patch', 'delete']);

/** A random UUID (v4); crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface HttpOptions {
  /** Defaults to `{page origin}/api/`. Integrators embedding a remote elsewhere set it. */
  baseURL?: string;
  /**
   * Where the browser reaches the API, for media URLs (`assetUrl`), when requests go elsewhere: the
   * shell's server asks the API on loopback but writes the URLs the page's browser will use.
   */
  publicBaseURL?: string;
  /** Base delay between retries; the n-th retry waits n times this. */
  retryDelayMs?: number;
  /** A full-page redirect (window.location.assign by default). */
  redirect?: (url: string) => void;
}

const options: HttpOptions = {};

export function configureHttp(next: HttpOptions): void {
  Object.assign(options, next);
}

function resolveBaseURL(): string {
  if (options.baseURL) return options.baseURL.endsWith('/') ? options.baseURL : `${options.baseURL}/`;
  return `${globalThis.location?.origin ?? 'http://localhost'}/api/`;
}

/**
 * Media paths come as /api/media/…: resolved against the API's origin, so they also work where the
 * page is not the store (an integrator's embed, a remote's standalone page).
 */
export function assetUrl(path: string): string {
  try {
    return new URL(path, options.publicBaseURL ?? resolveBaseURL()).href;
  } catch {
    return path;
  }
}

interface StoreRequestConfig extends InternalAxiosRequestConfig {
  /** The access token this request was sent with. */
  _accessToken?: string;
  /** Already retried once after a refresh. */
  _refreshed?: boolean;
  _retryCount?: number;
}

export const http = axios.create({
  adapter: HTTP_ADAPTER,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
});

http.interceptors.request.use((config: StoreRequestConfig) => {
  config.baseURL ??= resolveBaseURL();
  const access = sessionStore.getState().tokens?.access;
  config.headers = AxiosHeaders.from(config.headers);
  if (access) {
    config.headers.set('Authorization', `Bearer ${access}`);
    config._accessToken = access;
  } else {
    config.headers.delete('Authorization');
  }
  // A retry re-sends this same config, so it carries the same key: the API then answers a repeat
  // of a change it already made with the first answer instead of making it twice.
  if (MUTATING.has((config.method ?? 'get').toLowerCase()) && !config.headers.has(IDEMPOTENCY_HEADER)) {
    config.headers.set(IDEMPOTENCY_HEADER, newIdempotencyKey());
  }
  return config;
});

let refreshing: Promise<Tokens> | null = null;

/** The name of the lock that lets one tab of the page's origin refresh at a time. */
export const REFRESH_LOCK = 'store:auth-refresh';

/** Another tab signed out while this one waited to refresh: nothing to refresh, nothing expired. */
class SignedOutElsewhere extends Error {}

/**
 * How long a tab keeps the refresh lock after storing what it got. Each tab's renderer reads its own
 * copy of local storage, which learns another tab's write a moment later (Chromium sends it across
 * processes asynchronously): a tab granted the lock at once could still read the rotated refresh
 * token and present it again, which the API takes for theft (the session ends in every tab; seen in
 * e2e tabs.spec when both tabs refresh at once on a busy machine). This tab's own requests go on at
 * once; only another tab's refresh waits.
 */
export const REFRESH_SETTLE_MS = 250;

/**
 * Runs `refresh` while holding the origin-wide refresh lock (Web Locks), kept REFRESH_SETTLE_MS
 * longer. A browser without it (an old one, or a page that is not a secure context) refreshes without
 * it: the tabs still follow each other's stored tokens, and the tokens are re-read just before
 * refreshing, so only two tabs whose tokens expire in the same instant can still collide there.
 */
function withRefreshLock<T>(refresh: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (!locks) return refresh();
  return new Promise<T>((resolve, reject) => {
    locks
      .request(REFRESH_LOCK, async () => {
        const result = refresh();
        result.then(resolve, reject);
        await result.catch(() => undefined);
        await sleep(REFRESH_SETTLE_MS);
      })
      .catch(reject);
  });
}

/**
 * One refresh at a time: every request of this tab that fails meanwhile waits for the same one, and
 * other tabs wait for the lock. Inside it the stored tokens are read again: another tab may already
 * have rotated the refresh token this tab holds (presenting it again would be taken for token theft
 * and end the session everywhere), or signed out.
 */
function refreshTokens(refreshToken: string): Promise<Tokens> {
  refreshing ??= withRefreshLock(async () => {
    const session = sessionStore.getState();
    session.adoptStoredSession();
    const { tokens } = sessionStore.getState();
    if (!tokens) throw new SignedOutElsewhere();
    if (tokens.refresh !== refreshToken) return tokens;
    const response = await axios.post<unknown>(
      `${resolveBaseURL()}auth/refresh-token`,
      { refreshToken },
      { adapter: HTTP_ADAPTER, timeout: REQUEST_TIMEOUT_MS, headers: { 'Content-Type': 'application/json' } },
    );
    // A proxy's error page or a half answer is a failed refresh, never a session with no token.
    const answer = parseTokensResponse(response.data);
    if (!answer) throw new Error('Bad refresh answer');
    const fresh = { access: answer.access, refresh: answer.refresh };
    sessionStore.getState().login(fresh);
    return fresh;
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** A failed refresh: forget the session and start again from the home page with a message. */
function expireSession() {
  sessionStore.getState().logout();
  writeFlashMessage({ type: 'error', message: SESSION_EXPIRED_MESSAGE });
  (options.redirect ?? ((url: string) => globalThis.location?.assign(url)))('/');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls to auth/* (login, register, refresh, password reset) never go through a token refresh. */
function isAuthCall(config: InternalAxiosRequestConfig): boolean {
  const url = config.url ?? '';
  return /^\/?auth\//.test(url) || url.startsWith(`${resolveBaseURL()}auth/`);
}

http.interceptors.response.use(undefined, async (error: AxiosError) => {
  const config = error.config as StoreRequestConfig | undefined;
  if (!config || axios.isCancel(error)) throw error;
  const status = error.response?.status;

  // A 401 from auth/* is an answer (wrong password, bad reset token), not an expired access token.
  if ((status === 401 || status === 403) && !config._refreshed && !isAuthCall(config)) {
    const { tokens } = sessionStore.getState();
    if (tokens?.refresh) {
      config._refreshed = true;
      // Another request already refreshed since this one was sent: just use the new token.
      if (config._accessToken && tokens.access !== config._accessToken) return http.request(config);
      try {
        await refreshTokens(tokens.refresh);
      } catch (refreshError) {
        // Signed out in another tab: this tab already follows it; no expiry message, no redirect.
        if (!(refreshError instanceof SignedOutElsewhere)) expireSession();
        throw error;
      }
      return http.request(config);
    }
  }

  const networkFailure = !error.response;
  if ((networkFailure || (status !== undefined && status >= 500)) && (config._retryCount ?? 0) < MAX_RETRIES) {
    const attempt = (config._retryCount ?? 0) + 1;
    config._retryCount = attempt;
    await sleep((options.retryDelayMs ?? RETRY_DELAY_MS) * attempt);
    return http.request(config);
  }
  throw error;
});
