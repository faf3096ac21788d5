import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { toCents, type AdminProductSort, type adminProductInputSchema } from '@store/contracts';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { categories, products, variants } from '../../../db/schema';
import { fieldError, notFound } from '../../../lib/errors';
import { isUniqueViolation, likePattern, pageMeta } from '../../../lib/format';
import { getProductDetail, recomputeProductPrices, toDetail } from '../../catalog/service';
type ProductInput = z.output<typeof adminProductInputSchema>;
/** A variant with this many or fewer left counts as low on stock (the dashboard's figure and the list filter). */
export const LOW_STOCK = 5;

export async function adminProduct(db: Db, id: number) {
  const { row, variants: rows, detail } = await getProductDetail(db, id, { includeUnpublished: true });
  return { ...detail, category_id: row.product.categoryId, total_stock: rows.reduce((a, v) => a + v.stock, 0) };
}

export async function listAdminProducts(
  db: Db,
  q: {
    search?: string;
    category?: string;
    published?: boolean;
    stock?: 'low' | 'out' | 'in';
    sort?: AdminProductSort;
    page: number;
    page_size: number;
  },
) {
  const conditions: SQL[] = [];
  const totalStock = sql<number>`(select coalesce(sum(v.stock), 0) from variants v where v.product_id = ${products.id})`;
  if (q.search)
    conditions.push(or(ilike(products.name, likePattern(q.search)), ilike(products.slug, likePattern(q.search)))!);
  if (q.category && q.category.toLowerCase() !== 'all')
    conditions.push(sql`lower(${categories.name}) = ${q.category.toLowerCase()}`);
  if (q.published !== undefined) conditions.push(eq(products.published, q.published));
  if (q.stock === 'low')
    conditions.push(
      sql`exists (select 1 from variants v where v.product_id = ${products.id} and v.stock <= ${LOW_STOCK})`,
    );
  if (q.stock === 'out') conditions.push(sql`${totalStock} = 0`);
  if (q.stock === 'in') conditions.push(sql`${totalStock} > 0`);
  const where = conditions.length ? and(...conditions) : undefined;
  const sort = q.sort ?? '-updated';
  const direction = sort.startsWith('-') ? desc : asc;
  const column = {
    name: sql`lower(${products.name})`,
    price: products.minPriceCents,
    stock: totalStock,
    updated: products.lastModifiedAt,
  }[sort.replace('-', '') as 'name' | 'price' | 'stock' | 'updated'];
  const [rows, [total]] = await Promise.all([
    db
      .select({ product: products, category: categories.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(direction(column), direction(products.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(products).innerJoin(categories, eq(categories.id, products.categoryId)).where(where),
  ]);
  const ids = rows.map((r) => r.product.id);
  const variantRows = ids.length
    ? await db
        .select()
        .from(variants)
        .where(inArray(variants.productId, ids))
        .orderBy(asc(variants.position), asc(variants.id))
    : [];
  return {
    data: rows.map((r) => {
      const own = variantRows.filter((v) => v.productId === r.product.id);
      return {
        ...toDetail(r.product, r.category, own),
        category_id: r.product.categoryId,
        total_stock: own.reduce((a, v) => a + v.stock, 0),
      };
    }),
    meta: pageMeta(q.page, q.page_size, total?.n ?? 0),
  };
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'product';

async function ensureCategory(db: Db, id: number) {
  const [cat] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  if (!cat) throw fieldError('category_id', 'Category not found.');
}

function checkSkus(input: ProductInput) {
  const skus = input.variants.map((v) => v.sku.toLowerCase());
  if (new Set(skus).size !== skus.length) throw fieldError('variants', 'Each variant needs its own SKU.');
  for (const v of input.variants) {
    if (toCents(v.sale_price) > toCents(v.regular_price)) {
      throw fieldError('variants', `Sale price of ${v.sku} is above its regular price.`);
    }
  }
}

const variantValues = (productId: number, v: ProductInput['variants'][number], position: number) => ({
  productId,
  sku: v.sku,
  regularPriceCents: toCents(v.regular_price),
  salePriceCents: toCents(v.sale_price),
  stock: v.stock,
  attributes: v.attributes,
  position,
});

export async function createProduct(db: Db, input: ProductInput, by: string) {
  checkSkus(input);
  await ensureCategory(db, input.category_id);
  try {
    const id = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(products)
        .values({
          name: input.name,
          slug: slugify(input.name),
          description: input.description,
          categoryId: input.category_id,
          type: input.type,
          published: input.published,
          featured: input.featured,
          hue: Math.floor(Math.random() * 360),
          createdBy: by,
          lastModifiedBy: by,
        })
        .returning({ id: products.id });
      if (!created) throw new Error('insert returned nothing');
      await tx
        .update(products)
        .set({ slug: `${slugify(input.name)}-${created.id}` })
        .where(eq(products.id, created.id));
      await tx.insert(variants).values(input.variants.map((v, i) => variantValues(created.id, v, i)));
      await recomputeProductPrices(tx, [created.id]);
      return created.id;
    });
    return adminProduct(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('variants', 'A variant SKU is already used by another product.');
    throw error;
  }
}

export async function updateProduct(db: Db, id: number, input: ProductInput, by: string) {
  checkSkus(input);
  const [existing] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  if (!existing) throw notFound('Product not found.');
  await ensureCategory(db, input.category_id);
  const current = await db.select({ id: variants.id }).from(variants).where(eq(variants.productId, id));
  const currentIds = new Set(current.map((v) => v.id));
  for (const v of input.variants) {
    if (v.id !== undefined && !currentIds.has(v.id))
      throw fieldError('variants', `Variant ${v.id} does not belong to this product.`);
  }
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({
          name: input.name,
          description: input.description,
          categoryId: input.category_id,
          type: input.type,
          published: input.published,
          featured: input.featured,
          lastModifiedBy: by,
          lastModifiedAt: new Date(),
        })
        .where(eq(products.id, id));
      const keep = input.variants.flatMap((v) => (v.id === undefined ? [] : [v.id]));
      await tx
        .delete(variants)
        .where(
          keep.length ? and(eq(variants.productId, id), notInArray(variants.id, keep)) : eq(variants.productId, id),
        );
      for (const [i, v] of input.variants.entries()) {
        const values = variantValues(id, v, i);
        if (v.id === undefined) await tx.insert(variants).values(values);
        else await tx.update(variants).set(values).where(eq(variants.id, v.id));
      }
      await recomputeProductPrices(tx, [id]);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('variants', 'A variant SKU is already used by another product.');
    throw error;
  }
  return adminProduct(db, id);
}

export async function setPublished(db: Db, id: number, published: boolean, by: string) {
  const updated = await db
    .update(products)
    .set({ published, lastModifiedBy: by, lastModifiedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  if (updated.length === 0) throw notFound('Product not found.');
  return adminProduct(db, id);
}

export async function deleteProduct(db: Db, id: number) {
  const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  if (deleted.length === 0) throw notFound('Product not found.');
}
