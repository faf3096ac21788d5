import {
  embedKeyParamsSchema,
  embedProductsQuerySchema,
  embedProductsResponseSchema,
  errorSchema,
  handoffCreateSchema,
  handoffSchema,
  productDetailSchema,
  productListQuerySchema,
  type ProductDetail,
  type ProductListResponse,
} from '@store/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { sendJsonText } from '../../lib/jsonText';
import { fieldErrorsSchema } from '../../lib/schemas';
import { cachedCatalogJson, cachedCatalogText, getProductDetail, listProductsJson } from '../catalog/service';
import { embedKeyOfUrl, type EmbedKey } from './keys';
import { createHandoff, recordView, refusal } from './service';

const refusedSchema = z.object({ detail: z.string(), code: z.string() });
const errors = { 400: fieldErrorsSchema, 403: refusedSchema, 404: z.union([refusedSchema, errorSchema]) };
const tags = ['embed'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The active integrator key of an /api/embed request whose origin it allows. */
    embedKey: EmbedKey | null;
  }
}

function keyOf(request: FastifyRequest): EmbedKey {
  if (!request.embedKey) throw new Error('embed route without its key');
  return request.embedKey;
}

/**
 * /api/embed/{key}/…: what an integrator's page may do with a publishable key, from the origins the
 * key allows: read the public catalogue (limited to the key's category, if it has one) and start a
 * hand-off. CORS for these routes is the key's (plugins/security.ts); a refused request says why.
 */
const embedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('embedKey', null);
  app.addHook('onRequest', async (request) => {
    // A key is at most 67 characters: a longer one is unknown, and is not echoed whole.
    const key = (embedKeyOfUrl(request.url) ?? '').slice(0, 80);
    const found = await app.embedKeys.get(key);
    const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
    const refused = refusal(key, found, origin);
    if (refused) throw refused;
    request.embedKey = found;
  });

  app.get(
    '/:key/products',
    {
      schema: {
        tags,
        summary: "The catalogue as an embed shows it: the key's category, a search, a sort, a few products",
        params: embedKeyParamsSchema,
        querystring: embedProductsQuerySchema,
        response: { 200: embedProductsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = keyOf(request);
      const e = request.query;
      const q = productListQuerySchema.parse({
        search: e.search,
        category: key.category ?? e.category,
        sort: e.sort,
        page_size: e.limit,
      });
      // The same cache entry as /api/products with these filters.
      const cacheKey = `list:${JSON.stringify([q.search, q.category?.toLowerCase(), q.min_price, q.max_price, q.on_sale, q.in_stock, q.featured, q.exclude, q.sort, q.page, q.page_size])}`;
      const [json] = await Promise.all([
        cachedCatalogText(app.cache, cacheKey, (version) => listProductsJson(app.db, q, version)),
        recordView(app.db, key.id),
      ]);
      return sendJsonText<ProductListResponse>(reply, json);
    },
  );

  app.get(
    '/:key/products/:id',
    {
      schema: {
        tags,
        summary: 'One product as an embed shows it (within the key’s category)',
        params: embedKeyParamsSchema.extend({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: productDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = keyOf(request);
      const json = await cachedCatalogJson(
        app.cache,
        `product:${request.params.id}`,
        async () => (await getProductDetail(app.db, request.params.id)).detail,
      );
      if (key.category !== null && (JSON.parse(json) as { category: string }).category !== key.category) {
        throw notFound('Product not found.');
      }
      await recordView(app.db, key.id);
      return sendJsonText<ProductDetail>(reply, json);
    },
  );

  app.post(
    '/:key/handoffs',
    {
      config: { idempotency: 'a hand-off is anonymous; a repeat makes another, redeemed at most once each' },
      schema: {
        tags,
        summary: "A visitor's Add to cart: a hand-off the store's /handoff/{id} page puts in their cart",
        params: embedKeyParamsSchema,
        body: handoffCreateSchema,
        response: { 201: handoffSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const handoff = await createHandoff(app.db, keyOf(request), request.body, app.config.publicUrl);
      return reply.status(201).send(handoff);
    },
  );
};

export default embedRoutes;
