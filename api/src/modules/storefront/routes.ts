import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { catalogVersion, pagesSitemap, productsSitemap, robotsTxt, sitemapIndex } from './service';

const tags = ['storefront'];
const xml = 'application/xml; charset=utf-8';

/**
 * /api/storefront/…: what the storefront's server and crawlers read (issue 30). The store's server
 * (and nginx in the cluster) answers `/sitemap.xml`, `/sitemap-*.xml` and `/robots.txt` from here.
 */
const storefrontRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/catalog-version',
    {
      schema: {
        tags,
        summary: "The catalogue's version: changes with every change to products, variants, stock or categories",
        response: { 200: z.object({ version: z.string() }) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { version: await catalogVersion(app.cache) };
    },
  );

  app.get(
    '/robots.txt',
    { schema: { tags, summary: 'robots.txt: personal screens closed to crawlers, the sitemap named' } },
    async (_request, reply) => {
      reply.header('Content-Type', 'text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
      return robotsTxt(app.config.publicUrl);
    },
  );

  app.get(
    '/sitemap.xml',
    { schema: { tags, summary: 'The sitemap index: the pages and one file per 50,000 published products' } },
    async (_request, reply) => {
      reply.header('Content-Type', xml).header('Cache-Control', 'public, max-age=600');
      return sitemapIndex(app.db, app.config.publicUrl);
    },
  );

  app.get(
    '/sitemap-pages.xml',
    { schema: { tags, summary: 'The home page, the lists, the categories and the content pages' } },
    async (_request, reply) => {
      reply.header('Content-Type', xml).header('Cache-Control', 'public, max-age=600');
      return pagesSitemap(app.db, app.config.publicUrl);
    },
  );

  app.get(
    '/sitemap-products-:file.xml',
    {
      schema: {
        tags,
        summary: 'Up to 50,000 published products, with the time each one last changed (streamed)',
        // XML, streamed: no JSON schema for its answer (a file past the last one is a 404 `{detail}`).
        params: z.object({ file: z.coerce.number().int().min(1).max(10_000) }),
      },
    },
    async (request, reply) => {
      const stream = await productsSitemap(app.db, app.config.publicUrl, request.params.file);
      if (!stream) throw notFound('No such sitemap file');
      return reply.header('Content-Type', xml).header('Cache-Control', 'public, max-age=600').send(stream);
    },
  );
};

export default storefrontRoutes;
