import multipart from '@fastify/multipart';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MAX_COUNT,
  adminIdParamsSchema,
  adminProductImageListSchema,
  adminProductImageOrderSchema,
  adminProductImageParamsSchema,
  errorSchema,
} from '@store/contracts';
import { errors, security, tags } from '../shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, HttpError } from '../../../lib/errors';
import { storageDirOf } from '../../../lib/storage';
import { invalidateCatalog } from '../../catalog/service';
import {
  addImages,
  listImages,
  prepareImage,
  removeImage,
  reorderImages,
  tooLarge,
  type PreparedImage,
} from './images';

export const UPLOAD_MALFORMED = 'The upload was cut off or malformed. Send the images again.';

/**
 * The multipart parser's plain Errors (busboy's, no code) for a body cut off on the way or not
 * multipart as its header says: the client's fault, a 400 (they were 500s, issue 32.5).
 */
function isMalformedMultipart(error: unknown): boolean {
  if (error instanceof HttpError) return false;
  const message = (error as { message?: unknown }).message;
  return (
    typeof message === 'string' &&
    /unexpected end of multipart data|Multipart: Boundary not found|Malformed part header/i.test(message)
  );
}

/**
 * /api/admin/products/{id}/images: upload (multipart, several files), reorder, remove. Registered
 * inside the products plugin (under the admin plugin), so its ADMIN check applies. Files go to the storage folder; the public
 * media route serves them.
 */
const productImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const root = storageDirOf(app.config);
  await app.register(multipart, {
    limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: PRODUCT_IMAGE_MAX_COUNT, fields: 10, parts: 30 },
  });
  const changed = () => invalidateCatalog(app.cache);

  app.get(
    '/products/:id/images',
    {
      schema: {
        tags,
        security,
        summary: "A product's uploaded images in order",
        params: adminIdParamsSchema,
        response: { 200: adminProductImageListSchema, ...errors },
      },
    },
    async (request) => listImages(app.db, request.params.id),
  );

  app.post(
    '/products/:id/images',
    {
      schema: {
        tags,
        security,
        summary: `Upload images (multipart/form-data, one or more files; PNG, JPEG or WebP up to 5 MB each, at most ${PRODUCT_IMAGE_MAX_COUNT} per product)`,
        params: adminIdParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: adminProductImageListSchema, 413: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Send the images as multipart/form-data.');
      // Every file is read and checked before anything is stored: one bad file stores none.
      const prepared: PreparedImage[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          const name = part.filename || 'The file';
          let bytes: Buffer;
          try {
            bytes = await part.toBuffer();
          } catch (error) {
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(name);
            throw error;
          }
          prepared.push(await prepareImage(name, bytes));
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
          throw new HttpError(413, { detail: `Upload at most ${PRODUCT_IMAGE_MAX_COUNT} images at a time.` });
        }
        if (isMalformedMultipart(error)) throw badRequest(UPLOAD_MALFORMED);
        throw error;
      }
      if (prepared.length === 0) throw badRequest('Choose at least one image to upload.');
      const list = await addImages(app.db, root, request.params.id, prepared);
      await changed();
      return reply.status(201).send(list);
    },
  );

  app.put(
    '/products/:id/images',
    {
      schema: {
        tags,
        security,
        summary: 'Reorder the images (every image id of the product once, first is the cover)',
        params: adminIdParamsSchema,
        body: adminProductImageOrderSchema,
        response: { 200: adminProductImageListSchema, ...errors },
      },
    },
    async (request) => {
      const list = await reorderImages(app.db, request.params.id, request.body.ids);
      await changed();
      return list;
    },
  );

  app.delete(
    '/products/:id/images/:imageId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove an image (its files are deleted)',
        params: adminProductImageParamsSchema,
        response: { 200: adminProductImageListSchema, ...errors },
      },
    },
    async (request) => {
      const list = await removeImage(app.db, root, request.params.id, request.params.imageId);
      await changed();
      return list;
    },
  );
};

export default productImageRoutes;
