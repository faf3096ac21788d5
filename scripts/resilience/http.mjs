// A small HTTP client for the suite's simulated shoppers: one keep-alive agent per shopper, bound to
// its own loopback address (127.0.x.y), so the API sees 200 different clients as it would in life
// (per-IP rate limits count per shopper, not for all of them at once).
import crypto from 'node:crypto';
import http from 'node:http';

export const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The address of client `n` (1-based): 127.0.1.1, 127.0.1.2, … */
export const clientAddress = (n) => `127.0.${1 + Math.floor((n - 1) / 250)}.${1 + ((n - 1) % 250)}`;

export function createAgent(localAddress) {
  return new http.Agent({ keepAlive: true, maxSockets: 4, localAddress });
}

/**
 * One request; never throws: a network failure is `{ status: 0 }`.
 * @returns {Promise<{ status: number, headers: Record<string, string | string[] | undefined>, body: any, ms: number, error?: string }>}
 */
export function request(base, method, path, { agent, token, body, headers = {}, timeoutMs = 20_000 } = {}) {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, ms: performance.now() - started });
        });
        res.on('error', (error) =>
          resolve({ status: 0, headers: {}, body: null, ms: performance.now() - started, error: error.message }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) =>
      resolve({ status: 0, headers: {}, body: null, ms: performance.now() - started, error: error.message }),
    );
    if (payload) req.write(payload);
    req.end();
  });
}

/**
 * What SPEC's client does: retry a network failure or a 5xx up to 3 times, 1 s × the attempt apart,
 * with the same Idempotency-Key on every attempt of a change. `onAttempt` sees every attempt.
 */
export async function withRetries(base, method, path, options = {}, onAttempt = () => {}) {
  const key = MUTATING.has(method) ? (options.idempotencyKey ?? crypto.randomUUID()) : undefined;
  const headers = { ...options.headers, ...(key ? { 'idempotency-key': key } : {}) };
  let last;
  for (let attempt = 0; attempt <= 3; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, (options.retryDelayMs ?? 1000) * attempt));
    last = await request(base, method, path, { ...options, headers });
    onAttempt(last);
    if (last.status !== 0 && last.status < 500) break;
  }
  return { ...last, key };
}

export function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
