import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { attributes, variants } from '../../../db/schema';
import { fieldError, notFound } from '../../../lib/errors';
import { isUniqueViolation } from '../../../lib/format';
export async function listAttributes(db: Db) {
  const rows = await db.select().from(attributes).orderBy(asc(attributes.name));
  const usage = await db
    .select({ name: sql<string>`k`, n: sql<number>`count(distinct ${variants.productId})`.mapWith(Number) })
    .from(sql`${variants}, jsonb_object_keys(${variants.attributes}) as k`)
    .groupBy(sql`k`);
  const byName = new Map(usage.map((u) => [u.name, u.n]));
  return {
    data: rows.map((r) => ({ id: r.id, name: r.name, values: r.values, product_count: byName.get(r.name) ?? 0 })),
  };
}

async function attributeById(db: Db, id: number) {
  const { data } = await listAttributes(db);
  const found = data.find((a) => a.id === id);
  if (!found) throw notFound('Attribute not found.');
  return found;
}

export async function saveAttribute(db: Db, input: { name: string; values: string[] }, id?: number) {
  const values = [...new Set(input.values)];
  try {
    if (id === undefined) {
      const [created] = await db
        .insert(attributes)
        .values({ name: input.name, values })
        .returning({ id: attributes.id });
      return attributeById(db, created!.id);
    }
    const updated = await db
      .update(attributes)
      .set({ name: input.name, values })
      .where(eq(attributes.id, id))
      .returning({ id: attributes.id });
    if (updated.length === 0) throw notFound('Attribute not found.');
    return attributeById(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', 'An attribute with this name already exists.');
    throw error;
  }
}

export async function deleteAttribute(db: Db, id: number) {
  const deleted = await db.delete(attributes).where(eq(attributes.id, id)).returning({ id: attributes.id });
  if (deleted.length === 0) throw notFound('Attribute not found.');
}
