import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categories, products } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { productImageDir, storageDirOf } from '../../lib/storage';
import { categorySvg, productSvg, shapeNames } from './svg';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const svgFile = z.string().regex(/^\d{1,2}\.svg$/, 'Expected a file like 1.svg');
const categoryFile = z.string().regex(/^\d{1,9}\.svg$/, 'Expected a file like 3.svg');
/** An uploaded image's file: `{imageId}-{hash}-{width}.webp` (lib/format.ts photoUrl). */
const uploadFile = z
  .string()
  .regex(/^\d{1,10}-[0-9a-f]{12}-(400|1200)\.webp$/, 'Expected a file like 12-0123456789ab-400.webp');

/** The shape drawn for a category: from its name when known, else stable by id. */
export function shapeFor(categoryName: string, categoryId: number): string {
  const n = categoryName.toLowerCase();
  const byName: [RegExp, string][] = [
    [/dress|skirt/, 'dress'],
    [/shoe|sneaker|boot/, 'shoe'],
    [/bag|luggage/, 'bag'],
    [/outer|coat|jacket/, 'outer'],
    [/watch|accessor/, 'watch'],
    [/jewel|ring/, 'ring'],
    [/home|decor|living/, 'lamp'],
    [/sport|active|fitness/, 'ball'],
    [/beauty|care/, 'bottle'],
    [/book/, 'book'],
    [/kid|toy/, 'toy'],
    [/top|shirt|tee|cloth/, 'top'],
  ];
  return byName.find(([re]) => re.test(n))?.[1] ?? shapeNames[categoryId % shapeNames.length] ?? 'top';
}

/** Generated product and category images (SVG), cacheable for a day. */
const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const sendSvg = (reply: import('fastify').FastifyReply, request: import('fastify').FastifyRequest, svg: string) => {
    const etag = `"${crypto.createHash('sha1').update(svg).digest('base64url')}"`;
    reply.header('cache-control', 'public, max-age=86400').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(svg);
  };

  app.get(
    '/products/:id/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'Product image n (1.svg, 2.svg, …)',
        params: z.object({ id, file: svgFile }),
      },
    },
    async (request, reply) => {
      const [row] = await app.db
        .select({
          name: products.name,
          hue: products.hue,
          imageCount: products.imageCount,
          categoryId: products.categoryId,
          category: categories.name,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(eq(products.id, request.params.id))
        .limit(1);
      const n = Number.parseInt(request.params.file, 10);
      if (!row || n < 1 || n > Math.max(1, row.imageCount)) throw notFound('Image not found.');
      const svg = productSvg({
        id: request.params.id,
        n,
        name: row.name,
        hue: row.hue,
        shape: shapeFor(row.category, row.categoryId),
      });
      return sendSvg(reply, request, svg);
    },
  );

  // Uploaded images: the name changes whenever the content does (image id + hash of the bytes),
  // so browsers and proxies may keep them for a year without asking again.
  const root = storageDirOf(app.config);
  app.get(
    '/uploads/products/:id/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'An uploaded product image (WebP, 400 or 1200 px wide)',
        params: z.object({ id, file: uploadFile }),
      },
    },
    async (request, reply) => {
      let bytes: Buffer;
      try {
        bytes = await fs.readFile(path.join(productImageDir(root, request.params.id), request.params.file));
      } catch {
        throw notFound('Image not found.');
      }
      const etag = `"${request.params.file}"`;
      reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('image/webp').send(bytes);
    },
  );

  app.get(
    '/categories/:file',
    { schema: { tags: ['media'], summary: 'Category image ({id}.svg)', params: z.object({ file: categoryFile }) } },
    async (request, reply) => {
      const categoryId = Number.parseInt(request.params.file, 10);
      const [row] = await app.db.select().from(categories).where(eq(categories.id, categoryId)).limit(1);
      if (!row) throw notFound('Image not found.');
      return sendSvg(
        reply,
        request,
        categorySvg({ id: row.id, name: row.name, hue: row.hue, shape: shapeFor(row.name, row.id) }),
      );
    },
  );
};

export default mediaRoutes;
