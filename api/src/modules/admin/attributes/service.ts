import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { attributes, variants } from '../../../db/schema';
import { conflict, fieldError, notFound } from '../../../lib/errors';
import { isUniqueViolation } from '../../../lib/format';
import { countOf } from '../shared';

/** How many products have a variant described by this attribute (the key in `variants.attributes`). */
async function productsUsing(db: DbOrTx, name: string) {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${variants.productId})`.mapWith(Number) })
    .from(variants)
    .where(sql`${variants.attributes} ? ${name}`);
  return row?.n ?? 0;
}

export async function listAttributes(db: Db) {
  const rows = await db
    .select()
    .from(attributes)
    .orderBy(asc(sql`lower(${attributes.name})`));
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

/** Locks an attribute's row for the rest of the transaction (its name is what variants key on); 404 when gone. */
async function lockAttribute(t: DbOrTx, id: number) {
  const [current] = await t
    .select({ name: attributes.name })
    .from(attributes)
    .where(eq(attributes.id, id))
    .for('update');
  if (!current) throw notFound('Attribute not found.');
  return current;
}

/** The field error for a name another attribute has, whatever its case. */
async function nameTaken(db: Db, name: string, id?: number) {
  const [clash] = await db
    .select({ name: attributes.name })
    .from(attributes)
    .where(and(sql`lower(${attributes.name}) = lower(${name})`, id === undefined ? undefined : ne(attributes.id, id)))
    .limit(1);
  return clash ? fieldError('name', `An attribute named "${clash.name}" already exists.`) : null;
}

/**
 * Creates or updates an attribute. Renaming one that variants use renames it in those variants too
 * (their `attributes` keys), in the same transaction, so no product loses its sizes or colours.
 * Returns whether variants changed (the storefront's cached pages then need refreshing).
 */
export async function saveAttribute(db: Db, input: { name: string; values: string[] }, id?: number) {
  const values = [...new Set(input.values)];
  const taken = await nameTaken(db, input.name, id);
  if (taken) throw taken;
  try {
    if (id === undefined) {
      const [created] = await db
        .insert(attributes)
        .values({ name: input.name, values })
        .returning({ id: attributes.id });
      return { attribute: await attributeById(db, created!.id), variantsChanged: false };
    }
    const variantsChanged = await db.transaction(async (t) => {
      const current = await lockAttribute(t, id);
      await t.update(attributes).set({ name: input.name, values }).where(eq(attributes.id, id));
      if (current.name === input.name) return false;
      const renamed = await t
        .update(variants)
        .set({
          attributes: sql`(${variants.attributes} - ${current.name}::text) || jsonb_build_object(${input.name}::text, ${variants.attributes} -> ${current.name}::text)`,
        })
        .where(sql`${variants.attributes} ? ${current.name}`)
        .returning({ id: variants.id });
      return renamed.length > 0;
    });
    return { attribute: await attributeById(db, id), variantsChanged };
  } catch (error) {
    if (isUniqueViolation(error)) throw (await nameTaken(db, input.name, id)) ?? error;
    throw error;
  }
}

/** Deletes an attribute no variant uses; 409 saying how many products still do. */
export async function deleteAttribute(db: Db, id: number) {
  await db.transaction(async (t) => {
    const current = await lockAttribute(t, id);
    const used = await productsUsing(t, current.name);
    if (used > 0) {
      throw conflict(
        `Attribute "${current.name}" is used by ${countOf(used, 'product')}; remove it from their variants first.`,
      );
    }
    await t.delete(attributes).where(eq(attributes.id, id));
  });
}
