import crypto from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { IntegrationKey } from '@store/contracts';
import type { Db } from '../../../db/client';
import { categories, integrationHandoffs, integrationKeys, orders } from '../../../db/schema';
import { fieldError, notFound } from '../../../lib/errors';
import { iso, money } from '../../../lib/format';
import type { KeyStore } from '../../embed/keys';

/** A publishable key: not a secret (it sits in the integrator's page), only hard to guess. */
const newKey = () => `pk_${crypto.randomBytes(18).toString('base64url')}`;

const handoffsOf = sql<number>`(select count(*) from ${integrationHandoffs} h where h.key_id = ${integrationKeys.id})`;
const ordersOf = sql<number>`(select count(*) from ${orders} o where o.integration_key_id = ${integrationKeys.id} and o.status <> 'CANCELLED')`;
const revenueOf = sql<number>`(select coalesce(sum(o.total_cents), 0) from ${orders} o where o.integration_key_id = ${integrationKeys.id} and o.status <> 'CANCELLED')`;

function selectKeys(db: Db) {
  return db
    .select({
      key: integrationKeys,
      category: categories.name,
      addToCarts: handoffsOf.mapWith(Number),
      orders: ordersOf.mapWith(Number),
      revenue: revenueOf.mapWith(Number),
    })
    .from(integrationKeys)
    .leftJoin(categories, eq(categories.id, integrationKeys.categoryId));
}

/** The list shows a key's ends only: the whole key is shown once, when it is created. */
const masked = (key: string) => `${key.slice(0, 7)}…${key.slice(-4)}`;

function toKey(
  r: Awaited<ReturnType<ReturnType<typeof selectKeys>['execute']>>[number],
  reveal = false,
): IntegrationKey {
  const k = r.key;
  const status = k.revokedAt ? 'revoked' : k.expiresAt && k.expiresAt.getTime() <= Date.now() ? 'expired' : 'active';
  return {
    id: k.id,
    key: reveal ? k.key : masked(k.key),
    name: k.name,
    allowed_origins: k.allowedOrigins,
    category: k.categoryId === null ? null : r.category,
    expires_at: k.expiresAt ? iso(k.expiresAt) : null,
    revoked_at: k.revokedAt ? iso(k.revokedAt) : null,
    created_at: iso(k.createdAt),
    status,
    stats: { views: k.views, add_to_carts: r.addToCarts, orders: r.orders, revenue: money(r.revenue) },
  };
}

export async function listKeys(db: Db) {
  const rows = await selectKeys(db).orderBy(desc(integrationKeys.createdAt), desc(integrationKeys.id));
  return { data: rows.map((r) => toKey(r)) };
}

async function getKey(db: Db, id: number, reveal = false): Promise<IntegrationKey> {
  const [row] = await selectKeys(db).where(eq(integrationKeys.id, id));
  if (!row) throw notFound('Key not found.');
  return toKey(row, reveal);
}

export async function createKey(
  db: Db,
  body: { name: string; allowed_origins: string[]; category?: string | null; expires_at?: string | null },
): Promise<IntegrationKey> {
  let categoryId: number | null = null;
  if (body.category) {
    const [category] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(sql`lower(${categories.name}) = lower(${body.category})`)
      .limit(1);
    if (!category) throw fieldError('category', 'No such category.');
    categoryId = category.id;
  }
  const [created] = await db
    .insert(integrationKeys)
    .values({
      key: newKey(),
      name: body.name,
      allowedOrigins: [...new Set(body.allowed_origins)],
      categoryId,
      expiresAt: body.expires_at ? new Date(body.expires_at) : null,
    })
    .returning({ id: integrationKeys.id });
  if (!created) throw new Error('key insert returned nothing');
  return getKey(db, created.id, true);
}

/** Revoked keys stay listed with their statistics; every process refuses them within its cache period. */
export async function revokeKey(db: Db, keys: KeyStore, id: number): Promise<IntegrationKey> {
  const [row] = await db
    .update(integrationKeys)
    .set({ revokedAt: sql`coalesce(${integrationKeys.revokedAt}, now())` })
    .where(eq(integrationKeys.id, id))
    .returning({ key: integrationKeys.key });
  if (!row) throw notFound('Key not found.');
  keys.forget(row.key);
  return getKey(db, id);
}
