import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import { SHOPPER, testConfig, throwawayDatabase } from '../test/fixture';

const pg = process.env.API_TEST_PG === 'available';

/** Signs in the demo shopper, puts one line in the cart, and returns what the next process must find. */
async function fillCart(app: FastifyInstance) {
  const { access } = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: SHOPPER })).json();
  const list = (await app.inject({ method: 'GET', url: '/api/products?in_stock=true&page_size=1' })).json();
  const detail = (await app.inject({ method: 'GET', url: `/api/products/${list.data[0].id}` })).json();
  const variant = detail.variants.find((v: { stock: number }) => v.stock >= 2);
  const headers = { authorization: `Bearer ${access}` };
  for (let i = 0; i < 2; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/products/add-to-cart',
      headers,
      payload: { product_id: detail.id, variant_id: variant.id },
    });
    expect(res.statusCode).toBe(200);
  }
  return { productId: detail.id as number, variantId: variant.id as number };
}

async function cartAfterRestart(app: FastifyInstance) {
  const { access } = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: SHOPPER })).json();
  const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${access}` } });
  return (me.json().cart.cart_items as { product: { id: number }; variant: { id: number }; quantity: number }[]).map(
    (i) => [i.product.id, i.variant.id, i.quantity],
  );
}

/** Two processes, one after the other, on the same database: the second finds the first one's cart. */
async function expectCartAfterRestart(config: AppConfig) {
  const first = await buildApp(config);
  const line = await fillCart(first);
  await first.close();
  const second = await buildApp(config);
  try {
    expect(await cartAfterRestart(second)).toEqual([[line.productId, line.variantId, 2]]);
  } finally {
    await second.close();
  }
}

describe('the cart survives a restart of the API (it lives in the database)', () => {
  it('on the embedded PGlite data folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-restart-'));
    try {
      await expectCartAfterRestart(testConfig({ dataDir }));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  (pg ? it : it.skip)('on PostgreSQL', async () => {
    const database = await throwawayDatabase();
    try {
      await expectCartAfterRestart(testConfig({ databaseUrl: database.url }));
    } finally {
      await database.drop();
    }
  });
  if (!pg) console.warn(`[restart] PostgreSQL half skipped: ${process.env.API_TEST_PG ?? 'not checked'}`);
});
