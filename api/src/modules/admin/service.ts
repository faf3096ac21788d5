import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { toCents, type AdminProductInput, type AdminProductSort } from '@store/contracts';
import type { adminProductInputSchema } from '@store/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { attributes, categories, orders, products, refreshTokens, users, variants } from '../../db/schema';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { categoryImage, iso, isUniqueViolation, likePattern, money, pageMeta } from '../../lib/format';
import { getProductDetail, recomputeProductPrices, toDetail } from '../catalog/service';
import { loadOrders } from '../orders/service';

const PAY_LATER_TERM_DAYS = 30;
/** A variant with this many or fewer left counts as low on stock (dashboard and product filter). */
const LOW_STOCK = 5;
const DAY = 24 * 60 * 60 * 1000;

export async function dashboard(db: Db) {
  const [[revenue], [customers], [productCounts], byStatus, [payLater], [lowStock], sales, recent] = await Promise.all([
    db
      .select({ cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)`.mapWith(Number), n: count() })
      .from(orders)
      .where(sql`${orders.status} <> 'CANCELLED'`),
    db.select({ n: count() }).from(users).where(eq(users.role, 'REGULAR')),
    db
      .select({ n: count(), published: sql<number>`count(*) filter (where ${products.published})`.mapWith(Number) })
      .from(products),
    db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status),
    db
      .select({ cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)`.mapWith(Number), n: count() })
      .from(orders)
      .where(and(eq(orders.paymentMethod, 'PAY_LATER'), isNull(orders.paidAt), sql`${orders.status} <> 'CANCELLED'`)),
    db.select({ n: count() }).from(variants).where(lte(variants.stock, LOW_STOCK)),
    db
      .select({
        date: sql<string>`to_char(date_trunc('day', ${orders.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
        cents: sql<number>`sum(${orders.totalCents})`.mapWith(Number),
        n: count(),
      })
      .from(orders)
      .where(and(sql`${orders.createdAt} > now() - interval '30 days'`, sql`${orders.status} <> 'CANCELLED'`))
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    loadOrders(db, undefined, { limit: 5, offset: 0 }),
  ]);
  const ordersByStatus = Object.fromEntries(byStatus.map((r) => [r.status, r.n]));
  return {
    revenue: money(revenue?.cents),
    order_count: revenue?.n ?? 0,
    customer_count: customers?.n ?? 0,
    product_count: productCounts?.n ?? 0,
    published_product_count: productCounts?.published ?? 0,
    pending_order_count: ordersByStatus.PENDING ?? 0,
    pay_later_outstanding: money(payLater?.cents),
    pay_later_outstanding_count: payLater?.n ?? 0,
    low_stock_variant_count: lowStock?.n ?? 0,
    orders_by_status: ordersByStatus,
    sales_by_day: sales.map((s) => ({ date: s.date, total: money(s.cents), orders: s.n })),
    recent_orders: recent,
  };
}

// ── products ────────────────────────────────────────────────────────────────
type ProductInput = z.output<typeof adminProductInputSchema>;

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
      await recomputeProductPrices(tx as unknown as Db, [created.id]);
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
      await recomputeProductPrices(tx as unknown as Db, [id]);
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

// ── attributes ──────────────────────────────────────────────────────────────
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

// ── categories ──────────────────────────────────────────────────────────────
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

// ── customers ───────────────────────────────────────────────────────────────
const customerColumns = {
  user: users,
  // Written out in full: drizzle leaves columns unqualified in single-table selects.
  orderCount: sql<number>`(select count(*) from orders o where o.user_id = "users"."id")`.mapWith(Number),
  spent:
    sql<number>`(select coalesce(sum(o.total_cents), 0) from orders o where o.user_id = "users"."id" and o.status <> 'CANCELLED')`.mapWith(
      Number,
    ),
};
function toCustomer(r: { user: typeof users.$inferSelect; orderCount: number; spent: number }) {
  return {
    id: r.user.id,
    email: r.user.email,
    username: r.user.username,
    first_name: r.user.firstName,
    last_name: r.user.lastName,
    role: r.user.role,
    is_active: r.user.isActive,
    date_joined: iso(r.user.dateJoined),
    order_count: r.orderCount,
    total_spent: money(r.spent),
  };
}

export async function listCustomers(
  db: Db,
  q: { search?: string; is_active?: boolean; page: number; page_size: number },
) {
  const conditions: SQL[] = [eq(users.role, 'REGULAR')];
  if (q.search) {
    const p = likePattern(q.search);
    conditions.push(
      or(ilike(users.email, p), ilike(users.firstName, p), ilike(users.lastName, p), ilike(users.username, p))!,
    );
  }
  if (q.is_active !== undefined) conditions.push(eq(users.isActive, q.is_active));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(customerColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.dateJoined), desc(users.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { data: rows.map(toCustomer), meta: pageMeta(q.page, q.page_size, total?.n ?? 0) };
}

export async function customerDetail(db: Db, id: number) {
  const [row] = await db.select(customerColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('Customer not found.');
  return { ...toCustomer(row), orders: await loadOrders(db, eq(orders.userId, id)) };
}

export async function setCustomerActive(db: Db, id: number, isActive: boolean, actingAdminId: number) {
  if (id === actingAdminId && !isActive) throw fieldError('is_active', 'You cannot deactivate your own account.');
  const updated = await db.update(users).set({ isActive }).where(eq(users.id, id)).returning({ id: users.id });
  if (updated.length === 0) throw notFound('Customer not found.');
  // A deactivated account loses its sessions at once.
  if (!isActive) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, id), isNull(refreshTokens.revokedAt)));
  }
  return customerDetail(db, id);
}

// ── orders ──────────────────────────────────────────────────────────────────
export async function listOrders(
  db: Db,
  q: { status?: string; payment_method?: string; search?: string; page: number; page_size: number },
) {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(sql`${orders.status} = ${q.status}`);
  if (q.payment_method) conditions.push(sql`${orders.paymentMethod} = ${q.payment_method}`);
  if (q.search) {
    const p = likePattern(q.search);
    conditions.push(
      or(ilike(orders.number, p), ilike(users.email, p), ilike(users.firstName, p), ilike(users.lastName, p))!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [data, [total]] = await Promise.all([
    loadOrders(db, where, { limit: q.page_size, offset: (q.page - 1) * q.page_size }),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  return { data, meta: pageMeta(q.page, q.page_size, total?.n ?? 0) };
}

export async function setOrderStatus(db: Db, id: number, status: (typeof orders.$inferSelect)['status']) {
  const updated = await db.update(orders).set({ status }).where(eq(orders.id, id)).returning({ id: orders.id });
  if (updated.length === 0) throw notFound('Order not found.');
  const [order] = await loadOrders(db, eq(orders.id, id));
  return order!;
}

// ── pay later ───────────────────────────────────────────────────────────────
export async function listPayLater(
  db: Db,
  q: { status: 'outstanding' | 'paid' | 'all'; page: number; page_size: number },
) {
  const conditions: SQL[] = [eq(orders.paymentMethod, 'PAY_LATER'), sql`${orders.status} <> 'CANCELLED'`];
  if (q.status === 'outstanding') conditions.push(isNull(orders.paidAt));
  if (q.status === 'paid') conditions.push(isNotNull(orders.paidAt));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { data: rows.map(toPayLater), meta: pageMeta(q.page, q.page_size, total?.n ?? 0) };
}

function toPayLater(r: { order: typeof orders.$inferSelect; email: string; firstName: string; lastName: string }) {
  const due = r.order.paymentDueAt ?? new Date(r.order.createdAt.getTime() + PAY_LATER_TERM_DAYS * DAY);
  return {
    id: r.order.id,
    order_id: r.order.id,
    order_number: r.order.number,
    customer: { id: r.order.userId, email: r.email, name: `${r.firstName} ${r.lastName}`.trim() },
    amount: money(r.order.totalCents),
    status: r.order.paidAt ? ('paid' as const) : ('outstanding' as const),
    due_date: iso(due),
    overdue: !r.order.paidAt && due.getTime() < Date.now(),
    created_at: iso(r.order.createdAt),
    paid_at: r.order.paidAt ? iso(r.order.paidAt) : null,
  };
}

export async function markPaid(db: Db, id: number) {
  const [row] = await db
    .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, id), eq(orders.paymentMethod, 'PAY_LATER')))
    .limit(1);
  if (!row) throw notFound('Pay-later item not found.');
  if (!row.order.paidAt) {
    const paidAt = new Date();
    await db
      .update(orders)
      .set({ paidAt, status: row.order.status === 'PENDING' ? 'PAID' : row.order.status })
      .where(and(eq(orders.id, id), isNull(orders.paidAt)));
  }
  const [updated] = await db
    .select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id))
    .limit(1);
  return toPayLater(updated!);
}

export type { AdminProductInput };
