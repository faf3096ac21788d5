// The fuzz cases, shared by fuzz.test.ts (in-process, both databases) and fuzz-target.run.ts (over
// HTTP against a running deployment, e.g. the cluster of the resilience suite).
import fc from 'fast-check';

/** Values that have broken servers before: edge numbers, odd strings, wrong types, deep nesting. */
const nasty = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    '__proto__',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '\ud800',
    '😀',
    "' OR 1=1 --",
    '<script>',
    'a'.repeat(5000),
  ),
  fc.integer(),
  fc.constantFrom(2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1.5, -0),
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.boolean(),
  fc.constant(null),
);
const jsonish = fc.oneof(
  nasty,
  fc.array(nasty, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 12 }), nasty, { maxKeys: 6 }),
  fc.anything({ maxDepth: 3 }),
);

export interface FuzzRequest {
  method: string;
  url: string;
  query: Record<string, string>;
  token?: string;
  payload?: string;
  headers?: Record<string, string>;
}
export interface FuzzAnswer {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
}

/**
 * Sends `numRuns` random and malformed requests across `routes`; returns the 5xx seen (the property
 * also fails on the first one, and on any error body that shows a stack or SQL).
 */
export async function fuzzRoutes(o: {
  routes: { method: string; url: string }[];
  send: (request: FuzzRequest) => Promise<FuzzAnswer>;
  tokens: { shopper: string; admin: string };
  numRuns: number;
  seed: number;
}): Promise<string[]> {
  const { routes } = o;
  const { shopper, admin } = o.tokens;
  // Field names the routes know, so generated bodies also reach past the first validation error.
  const knownKeys = [
    'email',
    'password',
    'first_name',
    'last_name',
    'username',
    'product_id',
    'variant_id',
    'quantity',
    'refreshToken',
    'token',
    'current_password',
    'new_password',
    'name',
    'variants',
    'category_id',
    'status',
    'published',
    'is_active',
    'values',
    'payment_method',
    'shipping_address',
    'address',
    'delivery_method',
    'description',
  ];
  const body = fc.oneof(jsonish, fc.dictionary(fc.constantFrom(...knownKeys), jsonish, { maxKeys: 8 }));
  const failures: string[] = [];

  await fc.assert(
    fc.asyncProperty(
      fc.nat({ max: routes.length - 1 }),
      fc.array(
        fc.oneof(
          fc.constantFrom(
            '1',
            '0',
            '-5',
            '99999999999',
            'x',
            '1.svg',
            '0.svg',
            '%2e%2e',
            '%00',
            'abc.svg',
            '1'.repeat(40),
          ),
          fc.string({ maxLength: 20 }),
        ),
        { minLength: 3, maxLength: 3 },
      ),
      fc.dictionary(
        fc.constantFrom(
          'page',
          'page_size',
          'sort',
          'search',
          'category',
          'min_price',
          'max_price',
          'on_sale',
          'in_stock',
          'featured',
          'exclude',
          'status',
          'published',
          'is_active',
          'payment_method',
        ),
        fc.string({ maxLength: 30 }),
        { maxKeys: 5 },
      ),
      fc.oneof(
        body.map((b) => ({ kind: 'json' as const, b })),
        fc
          .tuple(
            fc.string({ maxLength: 200 }),
            fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
          )
          .map(([b, type]) => ({ kind: 'raw' as const, b, type })),
      ),
      fc.constantFrom<'none' | 'shopper' | 'admin' | 'garbage'>('none', 'shopper', 'admin', 'garbage'),
      async (routeIndex, segments, query, payload, who) => {
        const route = routes[routeIndex]!;
        let i = 0;
        const url = route.url.replace(/:[\w]+/g, () => encodeURIComponent(segments[i++] ?? '1'));
        const token =
          who === 'shopper' ? shopper : who === 'admin' ? admin : who === 'garbage' ? 'not.a.jwt' : undefined;
        const options: FuzzRequest = {
          method: route.method as 'GET',
          url,
          query,
          token,
        };
        if (route.method !== 'GET') {
          if (payload.kind === 'json') {
            options.payload = JSON.stringify(payload.b === undefined ? null : payload.b);
            options.headers = { 'content-type': 'application/json' };
          } else {
            options.payload = payload.b;
            // Drawn by the property (not fc.sample), so a seed replays the same requests.
            options.headers = { 'content-type': payload.type };
          }
        }
        const res = await o.send(options);
        if (res.statusCode >= 500)
          failures.push(`${route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        expect(res.statusCode).toBeLessThan(500);
        // Error bodies never leak internals.
        if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
          expect(res.body).not.toMatch(/at .+\.(ts|js):\d+|SELECT |INSERT |stack/i);
        }
      },
    ),
    { numRuns: o.numRuns, seed: o.seed },
  );
  return failures;
}
