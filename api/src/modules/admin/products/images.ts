import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MAX_COUNT,
  type AdminProductImage,
  type AdminProductImageList,
} from '@store/contracts';
import type { Db, DbOrTx } from '../../../db/client';
import { productImages, products } from '../../../db/schema';
import { HttpError, notFound } from '../../../lib/errors';
import { PHOTO_WIDTHS, photoOf } from '../../../lib/format';
import { productImageDir } from '../../../lib/storage';

/** The types the upload accepts, as read from the first bytes of the file. */
export type ImageType = 'png' | 'jpeg' | 'webp';
const TYPE_NAMES: Record<ImageType, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP' };

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** PNG, JPEG or WebP from the file's magic numbers (never from its name or declared type). */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** What a refused file is, when it is something recognisable: it makes the refusal clearer. */
function describeContent(bytes: Buffer): string | null {
  if (startsWith(bytes, ascii('MZ'))) return 'a Windows program';
  if (startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return 'a program';
  if (startsWith(bytes, ascii('%PDF'))) return 'a PDF document';
  if (startsWith(bytes, ascii('GIF8'))) return 'a GIF image';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'a ZIP archive';
  const head = bytes.subarray(0, 256).toString('utf8').trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'an SVG drawing';
  return null;
}

const MB = PRODUCT_IMAGE_MAX_BYTES / (1024 * 1024);
export const tooLarge = (name: string) =>
  new HttpError(413, { detail: `${name} is larger than ${MB} MB. Upload an image of at most ${MB} MB.` });
const refused = (name: string, bytes: Buffer) => {
  const what = describeContent(bytes);
  return new HttpError(400, {
    detail: `${name} is ${what ? `${what}, not an image` : 'not a PNG, JPEG or WebP image'}. Upload a PNG, JPEG or WebP image of at most ${MB} MB.`,
  });
};

/** A checked upload, resized: the WebP files to store and the original's size. */
export interface PreparedImage {
  hash: string;
  type: ImageType;
  width: number;
  height: number;
  /** WebP bytes per width (400, 1200). */
  files: Map<number, Buffer>;
}

/** Decompression bombs stop here: at most 40 megapixels are decoded. */
const MAX_PIXELS = 40_000_000;

/**
 * Checks one uploaded file (type from its bytes, size) and makes its WebP versions, 400 and 1200 px
 * wide (never enlarged), oriented by its EXIF data, which is then dropped.
 */
export async function prepareImage(name: string, bytes: Buffer): Promise<PreparedImage> {
  if (bytes.length > PRODUCT_IMAGE_MAX_BYTES) throw tooLarge(name);
  const type = sniffImageType(bytes);
  if (!type) throw refused(name, bytes);
  let width: number;
  let height: number;
  const files = new Map<number, Buffer>();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const meta = await image.metadata();
    if (meta.format !== (type === 'jpeg' ? 'jpeg' : type)) throw new Error(`declared ${type}, decoded ${meta.format}`);
    const upright = (meta.orientation ?? 1) >= 5;
    width = (upright ? meta.height : meta.width) ?? 0;
    height = (upright ? meta.width : meta.height) ?? 0;
    if (!width || !height) throw new Error('no size');
    for (const w of PHOTO_WIDTHS) {
      files.set(
        w,
        await image.clone().resize({ width: w, withoutEnlargement: true }).webp({ quality: 82, effort: 4 }).toBuffer(),
      );
    }
  } catch {
    throw new HttpError(400, {
      detail: `${name} could not be read as a ${TYPE_NAMES[type]} image (it may be damaged or too large in pixels). Upload a PNG, JPEG or WebP image of at most ${MB} MB.`,
    });
  }
  const hash = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return { hash, type, width, height, files };
}

const fileName = (stem: string, width: number) => `${stem}-${width}.webp`;

async function ensureProduct(db: Db, productId: number) {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
  if (!row) throw notFound('Product not found.');
}

/** The product's cover (first image) and positions 0…n-1 follow the images' order. */
async function settle(db: DbOrTx, productId: number) {
  await db.execute(sql`
    UPDATE product_images i SET position = o.rn - 1
    FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS rn FROM product_images WHERE product_id = ${productId}) o
    WHERE i.id = o.id AND i.position <> o.rn - 1`);
  await db.execute(sql`
    UPDATE products SET cover_image = (
      SELECT stem FROM product_images WHERE product_id = ${productId} ORDER BY position, id LIMIT 1
    ), last_modified_at = now()
    WHERE id = ${productId}`);
}

const toImage = (productId: number, r: typeof productImages.$inferSelect): AdminProductImage => ({
  ...photoOf(productId, r.stem),
  id: r.id,
  position: r.position,
  width: r.width,
  height: r.height,
});

export async function listImages(db: Db, productId: number): Promise<AdminProductImageList> {
  await ensureProduct(db, productId);
  const rows = await db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
  return { data: rows.map((r) => toImage(productId, r)) };
}

/** Stores checked images after the product's existing ones; all of them or none. */
export async function addImages(db: Db, root: string, productId: number, images: PreparedImage[]) {
  await ensureProduct(db, productId);
  const dir = productImageDir(root, productId);
  await fs.mkdir(dir, { recursive: true });
  const written: string[] = [];
  try {
    await db.transaction(async (tx) => {
      // One upload at a time per product, so the count and the positions stay right.
      await tx.execute(sql`SELECT id FROM products WHERE id = ${productId} FOR UPDATE`);
      const [{ n, last } = { n: 0, last: -1 }] = await tx
        .select({
          n: sql<number>`count(*)`.mapWith(Number),
          last: sql<number>`coalesce(max(${productImages.position}), -1)`.mapWith(Number),
        })
        .from(productImages)
        .where(eq(productImages.productId, productId));
      if (n + images.length > PRODUCT_IMAGE_MAX_COUNT) {
        throw new HttpError(400, {
          detail: `A product can have at most ${PRODUCT_IMAGE_MAX_COUNT} images; this one has ${n}, so ${Math.max(0, PRODUCT_IMAGE_MAX_COUNT - n)} more can be added.`,
        });
      }
      let position = last + 1;
      for (const image of images) {
        const [row] = await tx
          .insert(productImages)
          .values({ productId, position: position++, width: image.width, height: image.height, sourceType: image.type })
          .returning({ id: productImages.id });
        const stem = `${row!.id}-${image.hash}`;
        for (const [width, bytes] of image.files) {
          const file = path.join(dir, fileName(stem, width));
          await fs.writeFile(file, bytes);
          written.push(file);
        }
        await tx.update(productImages).set({ stem }).where(eq(productImages.id, row!.id));
      }
      await settle(tx, productId);
    });
  } catch (error) {
    await Promise.all(written.map((f) => fs.rm(f, { force: true })));
    throw error;
  }
  return listImages(db, productId);
}

/** Puts the images in the order given (every image of the product once). */
export async function reorderImages(db: Db, productId: number, ids: number[]) {
  await ensureProduct(db, productId);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, productId));
    const current = new Set(rows.map((r) => r.id));
    if (ids.length !== current.size || new Set(ids).size !== ids.length || !ids.every((id) => current.has(id))) {
      throw new HttpError(400, {
        ids: [`List each of this product's ${current.size} images once, in the new order.`],
        detail: `ids: List each of this product's ${current.size} images once, in the new order.`,
      });
    }
    for (const [position, id] of ids.entries()) {
      await tx.update(productImages).set({ position }).where(eq(productImages.id, id));
    }
    await settle(tx, productId);
  });
  return listImages(db, productId);
}

export async function removeImage(db: Db, root: string, productId: number, imageId: number) {
  await ensureProduct(db, productId);
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
      .returning({ stem: productImages.stem });
    if (rows.length) await settle(tx, productId);
    return rows;
  });
  if (!deleted[0]) throw notFound('Image not found.');
  const dir = productImageDir(root, productId);
  await Promise.all(PHOTO_WIDTHS.map((w) => fs.rm(path.join(dir, fileName(deleted[0]!.stem, w)), { force: true })));
  return listImages(db, productId);
}

/** A deleted product's files go with it. */
export async function removeProductFiles(root: string, productId: number) {
  await fs.rm(productImageDir(root, productId), { recursive: true, force: true });
}
