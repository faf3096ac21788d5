// The fuzz cases over HTTP against a running deployment (FUZZ_TARGET, e.g. the resilience suite's
// cluster behind nginx). Not part of `pnpm --filter api test`; the resilience suite runs it with
// `jest --testMatch '**/src/test/fuzz-target.run.ts'`.
import http from 'node:http';
import { fuzzRoutes, type FuzzAnswer, type FuzzRequest } from './fuzz-cases';

const target = process.env.FUZZ_TARGET ?? '';
/** The whole run's bound (default 10 min); each request has its own 30 s. */
const FUZZ_TEST_TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 10 * 60_000);
const agent = new http.Agent({ keepAlive: true, maxSockets: 8, localAddress: process.env.FUZZ_LOCAL_ADDRESS });

function send(request: FuzzRequest): Promise<FuzzAnswer> {
  const url = new URL(request.url, target);
  for (const [k, v] of Object.entries(request.query ?? {})) url.searchParams.set(k, v);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: request.method,
        agent,
        headers: {
          ...request.headers,
          ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
          // Every body framed by its length. Without it Node frames a POST's body as chunked but sends
          // a DELETE's bytes bare, which the server then reads as the start of the next request.
          ...(request.payload !== undefined ? { 'content-length': String(Buffer.byteLength(request.payload)) } : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            statusCode: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
          }),
        );
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`no answer in 30 s: ${request.method} ${url.pathname}${url.search}`)),
    );
    req.on('error', reject);
    if (request.payload !== undefined) req.write(request.payload);
    req.end();
  });
}

async function login(email: string, password: string): Promise<string> {
  const res = await send({
    method: 'POST',
    url: '/api/auth/login',
    query: {},
    payload: JSON.stringify({ email, password }),
    headers: { 'content-type': 'application/json' },
  });
  if (res.statusCode !== 200) throw new Error(`login ${email} → ${res.statusCode} ${res.body}`);
  return (JSON.parse(res.body) as { access: string }).access;
}

describe(`fuzz against ${target || 'FUZZ_TARGET (unset)'}`, () => {
  it(
    'sends FUZZ_RUNS random and malformed requests across every documented route: no 5xx',
    async () => {
      expect(target).toMatch(/^http:\/\/(127\.\d+\.\d+\.\d+|localhost)(:\d+)?$/);
      // The routes, from the deployment's own OpenAPI document.
      const doc = JSON.parse((await send({ method: 'GET', url: '/api/docs/json', query: {} })).body) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const routes = Object.entries(doc.paths).flatMap(([p, methods]) =>
        Object.keys(methods)
          .map((m) => m.toUpperCase())
          .filter((m) => m !== 'HEAD' && m !== 'OPTIONS')
          .map((method) => ({ method, url: p.replace(/\{(\w+)\}/g, ':$1') })),
      );
      expect(routes.length).toBeGreaterThan(30);
      const seed = Number(process.env.FUZZ_SEED ?? 20261122);
      console.log(`FUZZ_SEED=${seed} (replay: FUZZ_SEED=${seed} FUZZ_RUNS=${process.env.FUZZ_RUNS ?? 1000})`);
      let requests = 0;
      // Counted as they come, so the count agrees with the property, which stops at the first 5xx.
      const fiveXx: string[] = [];
      const timings: { ms: number; what: string }[] = [];
      const counted = async (request: FuzzRequest) => {
        requests++;
        const t = performance.now();
        const res = await send(request);
        timings.push({ ms: performance.now() - t, what: `${request.method} ${request.url} ${res.statusCode}` });
        if (res.statusCode >= 500) fiveXx.push(`${request.method} ${request.url} → ${res.statusCode}`);
        return res;
      };
      const tokens = {
        shopper: await login('shopper@example.com', 'Shopper123'),
        admin: await login('admin@example.com', 'Admin1234'),
      };
      let propertyFailed = false;
      try {
        await fuzzRoutes({ routes, send: counted, tokens, numRuns: Number(process.env.FUZZ_RUNS ?? 1000), seed });
      } catch (error) {
        propertyFailed = true;
        throw error;
      } finally {
        const result = {
          seed,
          requests,
          fiveXx: fiveXx.length,
          first5xx: fiveXx.slice(0, 3),
          ...timingSummary(timings),
          propertyFailed,
          routes: routes.length,
        };
        console.log(`FUZZ_RESULT ${JSON.stringify(result)}`);
      }
      expect(fiveXx).toEqual([]);
      expect((await send({ method: 'GET', url: '/api/health', query: {} })).statusCode).toBe(200);
      // Bounded by FUZZ_RUNS and each request's 30 s, not by jest's 60 s per unit test: FUZZ_RUNS requests
      // one after the other on a loaded machine take longer (the resilience suite bounds the whole run).
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});

/** How long the requests took: total, median, slowest, and the three slowest. */
function timingSummary(timings: { ms: number; what: string }[]) {
  const sorted = [...timings].sort((a, b) => a.ms - b.ms);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.ms ?? 0);
  return {
    totalMs: Math.round(timings.reduce((n, t) => n + t.ms, 0)),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    slowest: sorted.slice(-3).map((t) => `${t.what} ${Math.round(t.ms)} ms`),
  };
}
