import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { categories, products } from '../../../db/schema';
import { conflict, fieldError, notFound } from '../../../lib/errors';
import { categoryImage, isUniqueViolation } from '../../../lib/format';
export async function listCategories(db: Db) {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      product_count: sql<number>`count(${products.id})`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(products, eq(products.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.name));
  return { data: rows.map((r) => ({ ...r, image: categoryImage(r.id) })) };
}

async function categoryById(db: Db, id: number) {
  const found = (await listCategories(db)).data.find((c) => c.id === id);
  if (!found) throw notFound('Category not found.');
  return found;
}

export async function saveCategory(db: Db, input: { name: string; description: string }, id?: number) {
  try {
    if (id === undefined) {
      const [created] = await db
        .insert(categories)
        .values({ ...input, hue: Math.floor(Math.random() * 360) })
        .returning({ id: categories.id });
      return categoryById(db, created!.id);
    }
    const updated = await db
      .update(categories)
      .set(input)
      .where(eq(categories.id, id))
      .returning({ id: categories.id });
    if (updated.length === 0) throw notFound('Category not found.');
    return categoryById(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', 'A category with this name already exists.');
    throw error;
  }
}

export async function deleteCategory(db: Db, id: number) {
  const [used] = await db.select({ n: count() }).from(products).where(eq(products.categoryId, id));
  if ((used?.n ?? 0) > 0) throw conflict('This category still has products; move or delete them first.');
  const deleted = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
  if (deleted.length === 0) throw notFound('Category not found.');
}
