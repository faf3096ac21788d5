import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { categories, products } from '../../../db/schema';
import { conflict, fieldError, notFound } from '../../../lib/errors';
import { categoryImage, isUniqueViolation } from '../../../lib/format';
import { countOf } from '../shared';

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
    .orderBy(asc(sql`lower(${categories.name})`));
  return { data: rows.map((r) => ({ ...r, image: categoryImage(r.id) })) };
}

async function categoryById(db: Db, id: number) {
  const found = (await listCategories(db)).data.find((c) => c.id === id);
  if (!found) throw notFound('Category not found.');
  return found;
}

/** The field error for a name another category has, whatever its case. */
async function nameTaken(db: Db, name: string, id?: number) {
  const [clash] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(and(sql`lower(${categories.name}) = lower(${name})`, id === undefined ? undefined : ne(categories.id, id)))
    .limit(1);
  return clash ? fieldError('name', `A category named "${clash.name}" already exists.`) : null;
}

export async function saveCategory(db: Db, input: { name: string; description: string }, id?: number) {
  const taken = await nameTaken(db, input.name, id);
  if (taken) throw taken;
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
    // Two admins saving the same name at once: the unique index decides, the message is the same.
    if (isUniqueViolation(error)) throw (await nameTaken(db, input.name, id)) ?? error;
    throw error;
  }
}

/**
 * Deletes an empty category; 409 saying how many products it still has. The row is locked first,
 * so a product created at the same moment (its foreign key needs the row) waits, then sees it gone.
 */
export async function deleteCategory(db: Db, id: number) {
  await db.transaction(async (t) => {
    const [current] = await t
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.id, id))
      .for('update');
    if (!current) throw notFound('Category not found.');
    const [used] = await t.select({ n: count() }).from(products).where(eq(products.categoryId, id));
    const n = used?.n ?? 0;
    if (n > 0) {
      throw conflict(`Category "${current.name}" has ${countOf(n, 'product')}; move or delete them first.`);
    }
    await t.delete(categories).where(eq(categories.id, id));
  });
}
