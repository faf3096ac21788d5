import {
  categoriesResponseSchema,
  errorSchema,
  productDetailSchema,
  productListQuerySchema,
  productListResponseSchema,
  productSuggestQuerySchema,
  productSuggestResponseSchema,
  type CategoriesResponse,
  type ProductDetail,
  type ProductListResponse,
  type ProductSuggestResponse,
} from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonText } from '../../lib/jsonText';
import { fieldErrorsSchema } from '../../lib/schemas';
import { cachedCatalogJson, cachedCatalogText, categoriesJson, getProductDetail, listProductsJson } from './service';
import { suggestProducts } from '../search/service';
import { searchWords } from '../search/words';

const productIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Public catalogue: /api/products, /api/products/{id}, /api/products/categories, /api/products/suggest. */
const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'List published products with search, filters, sort and pagination',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, 400: fieldErrorsSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const key = `list:${JSON.stringify([q.search, q.category?.toLowerCase(), q.min_price, q.max_price, q.on_sale, q.in_stock, q.featured, q.exclude, q.sort, q.page, q.page_size])}`;
      const json = await cachedCatalogText(app.cache, key, (version) => listProductsJson(app.db, q, version));
      return sendJsonText<ProductListResponse>(reply, json);
    },
  );

  app.get(
    '/suggest',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A few products matching what the shopper has typed so far (typo tolerant), for the search field',
        querystring: productSuggestQuerySchema,
        response: { 200: productSuggestResponseSchema, 400: fieldErrorsSchema },
      },
    },
    async (request, reply) => {
      const { q, limit } = request.query;
      // Keyed by the words, so "Snek", "snek " and "snek" share one cached answer.
      const key = `suggest:${JSON.stringify([searchWords(q), limit])}`;
      const json = await cachedCatalogJson(app.cache, key, (version) => suggestProducts(app.db, { q, limit }, version));
      return sendJsonText<ProductSuggestResponse>(reply, json);
    },
  );

  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Categories with their published product counts (cached 5 minutes)',
        response: { 200: categoriesResponseSchema },
      },
    },
    async (_request, reply) => {
      // Already JSON: sent as is, without a second serialisation.
      const json = await categoriesJson(app.db, app.cache);
      reply.header('cache-control', 'public, max-age=60');
      return sendJsonText<CategoriesResponse>(reply, json);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One published product with its variants, attributes, images and stock',
        params: productIdParams,
        response: { 200: productDetailSchema, 400: fieldErrorsSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const json = await cachedCatalogJson(
        app.cache,
        `product:${request.params.id}`,
        async () => (await getProductDetail(app.db, request.params.id)).detail,
      );
      return sendJsonText<ProductDetail>(reply, json);
    },
  );
};

export default catalogRoutes;
