import crypto from 'node:crypto';
import { createAgent, request } from './http.mjs';
import { decodeJwt, signJwt } from './jwt.mjs';
import { check } from './ledger.mjs';
import { checkoutBody } from './shopper.mjs';
import { loadStoreClient } from './store-client.mjs';
import { plan, ports, sleep, workDir } from './suite.mjs';

/**
 * Scale-out: two API processes act as one (a shopper's session and cart, cache invalidation, rate
 * limits, an Idempotency-Key), and the store's own HTTP client gets through a lost answer and an
 * expired access token.
 */
export async function scaleOutChecks({ login, secret, origin, processUrl, front }) {
  const area = 'scale-out';
  const shopper = await login('load-' + (plan.shoppers + 1) + '@example.com', 'Shopper123', '127.0.8.1');
  const token = shopper.access;
  const item = (await request(origin, 'GET', '/api/products?page_size=1&in_stock=true')).body.data[0];
  const detail = (await request(origin, 'GET', `/api/products/${item.id}`)).body;
  const line = { product_id: item.id, variant_id: detail.variants.find((v) => v.stock > 5).id };

  // A shopper's requests alternate between the processes with no difference seen.
  const added = await request(processUrl(0), 'POST', '/api/products/add-to-cart', { token, body: line });
  const seen = await Promise.all([0, 1, 0, 1].map((i) => request(processUrl(i), 'GET', '/api/users/me', { token })));
  const same = seen.every((r) => r.status === 200 && JSON.stringify(r.body) === JSON.stringify(seen[0].body));
  check(
    area,
    'a shopper alternating between processes sees the same profile and cart',
    added.status === 200 && same && seen[1].body.cart.cart_items.length === 1,
    `add ${added.status}, reads ${seen.map((r) => r.status).join('/')}`,
  );

  // An admin edit on one process is seen through the other at once (shared cache invalidation).
  const adminTokens = await login('admin@example.com', 'Admin1234', '127.0.8.2');
  await request(processUrl(1), 'GET', '/api/products/categories'); // cached on B's side first
  const cats = await request(processUrl(0), 'GET', '/api/admin/categories', { token: adminTokens.access });
  const cat = cats.body.data[0];
  const renamed = `${cat.name.slice(0, 40)} R${Date.now() % 1000}`;
  const put = await request(processUrl(0), 'PUT', `/api/admin/categories/${cat.id}`, {
    token: adminTokens.access,
    body: { name: renamed, description: cat.description ?? '' },
  });
  const after = await request(processUrl(1), 'GET', '/api/products/categories');
  check(
    area,
    'an admin edit on one process is seen through the other at once',
    put.status === 200 && after.body.data.some((c) => c.name === renamed),
    `PUT ${put.status}`,
  );
  await request(processUrl(0), 'PUT', `/api/admin/categories/${cat.id}`, {
    token: adminTokens.access,
    body: { name: cat.name, description: cat.description ?? '' },
  });

  // Login rate limits count across processes: 10 a minute per client, wherever the requests land.
  const limiter = createAgent('127.0.9.9');
  const statuses = [];
  for (let i = 0; i < 12; i++) {
    const res = await request(processUrl(i % 2), 'POST', '/api/auth/login', {
      agent: limiter,
      body: { email: 'nobody@example.com', password: 'Wrong12345' },
    });
    statuses.push(res.status);
  }
  check(
    area,
    'login rate limit counts across processes (10/min, alternating)',
    statuses.slice(0, 10).every((s) => s === 401) && statuses.slice(10).every((s) => s === 429),
    statuses.join(' '),
  );

  // The same Idempotency-Key at both processes at once makes one order.
  const buyer = await login('load-' + (plan.shoppers + 2) + '@example.com', 'Shopper123', '127.0.8.3');
  await request(origin, 'POST', '/api/products/add-to-cart', { token: buyer.access, body: line });
  const key = crypto.randomUUID();
  const before = (await request(origin, 'GET', '/api/users/me/orders', { token: buyer.access })).body.data.length;
  const both = await Promise.all(
    [0, 1].map((i) =>
      request(processUrl(i), 'POST', '/api/users/me/orders', {
        token: buyer.access,
        headers: { 'idempotency-key': key },
        body: checkoutBody(),
      }),
    ),
  );
  const afterOrders = (await request(origin, 'GET', '/api/users/me/orders', { token: buyer.access })).body.data.length;
  check(
    area,
    'the same Idempotency-Key at both processes at once makes one order',
    afterOrders - before === 1 && both.every((r) => r.status < 300) && both[0].body?.id === both[1].body?.id,
    `answers ${both.map((r) => r.status).join('/')}, orders +${afterOrders - before}`,
  );

  // A lost answer: the store's own HTTP client retries add-to-cart with the same key → +1, not +2.
  const client = await loadStoreClient(workDir);
  client.configureHttp({ baseURL: `http://127.0.0.1:${ports.front}/api/`, retryDelayMs: 200, redirect: () => {} });
  const lostAnswerShopper = await login('load-' + (plan.shoppers + 3) + '@example.com', 'Shopper123', '127.0.8.4');
  client.sessionStore.getState().login({ access: lostAnswerShopper.access, refresh: lostAnswerShopper.refresh });
  const dropped = front.dropAnswerOnce(/POST \/api\/products\/add-to-cart/);
  // Bounded: a client that fails before sending would otherwise leave `dropped` waiting for the watchdog.
  const answer = await Promise.race([
    client.http.post('products/add-to-cart', line).catch((e) => e),
    sleep(30_000).then(() => new Error('no answer within 30 s')),
  ]);
  const wasDropped = await Promise.race([dropped.then(() => true), sleep(5_000).then(() => false)]);
  const cart = (await request(origin, 'GET', '/api/users/me', { token: lostAnswerShopper.access })).body.cart;
  const quantity = cart.cart_items.find((l) => l.variant.id === line.variant_id)?.quantity ?? 0;
  check(
    area,
    "add-to-cart whose first answer is dropped at a TCP proxy: the client's retry adds once",
    wasDropped && answer?.status === 200 && quantity === 1,
    `${wasDropped ? 'an answer was dropped' : 'no answer was dropped'}, client saw ${answer?.status ?? answer?.message}, quantity ${quantity}`,
  );

  // An expired access token with 5 requests in flight: exactly one refresh.
  const expired = signJwt(secret, {
    ...decodeJwt(lostAnswerShopper.access),
    iat: Math.floor(Date.now() / 1000) - 3600,
    exp: Math.floor(Date.now() / 1000) - 60,
  });
  client.sessionStore.getState().login({ access: expired, refresh: lostAnswerShopper.refresh });
  const refreshes = front.watch(/POST \/api\/auth\/refresh-token/g);
  const five = await Promise.all(
    ['users/me', 'users/me/orders', 'users/me/wishlist', 'users/me', 'products/categories'].map((p) =>
      client.http.get(p).then(
        (r) => r.status,
        (e) => e.response?.status ?? 0,
      ),
    ),
  );
  check(
    'faults',
    'expired access token with 5 requests in flight: exactly one refresh',
    refreshes.count === 1 && five.every((s) => s === 200),
    `refresh calls ${refreshes.count}, answers ${five.join('/')}`,
  );
  client.sessionStore.getState().logout();
}
