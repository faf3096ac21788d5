import { count } from 'drizzle-orm';
import { PAY_LATER_TERM_DAYS } from '@store/contracts';
import type { Db } from '../db/client';
import { attributes, carts, categories, orderLines, orders, products, users, variants } from '../db/schema';
import { hashPassword, UNUSABLE_PASSWORD } from '../lib/passwords';
import { recomputeProductPrices } from '../modules/catalog/service';
import { seeded } from '../modules/media/svg';
import { ADJECTIVES, CATEGORIES, CUSTOMERS, SIZELESS, STREETS } from './catalog-data';

export const DEMO_SHOPPER = { email: 'shopper@example.com', password: 'Shopper123' };
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'Admin1234' };

const DAY = 24 * 60 * 60 * 1000;
/** Catalogue dates are fixed so the demo store is the same on every machine. */
const CATALOGUE_START = Date.UTC(2026, 0, 1);

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export interface SeedSummary {
  categories: number;
  products: number;
  variants: number;
  users: number;
  orders: number;
  ms: number;
}

/**
 * Seeds an empty database (no users and no products). `demo`: 10 categories × 15 products, sample
 * customers and orders; `small`: a few products per category for tests. Returns null when not empty.
 */
export async function seedIfEmpty(db: Db, size: 'demo' | 'small'): Promise<SeedSummary | null> {
  const started = Date.now();
  const [existing] = await db.select({ n: count() }).from(users);
  const [existingProducts] = await db.select({ n: count() }).from(products);
  if ((existing?.n ?? 0) > 0 || (existingProducts?.n ?? 0) > 0) return null;

  const rand = seeded(20260101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

  const categorySeeds = size === 'demo' ? CATEGORIES : CATEGORIES.slice(0, 4);
  const perCategory = size === 'demo' ? 15 : 4;

  await db.insert(attributes).values([
    { name: 'size', values: [...new Set(CATEGORIES.flatMap((c) => c.sizes ?? []))] },
    { name: 'colour', values: [...new Set(CATEGORIES.flatMap((c) => c.colours))] },
  ]);
  const categoryRows = await db
    .insert(categories)
    .values(categorySeeds.map((c) => ({ name: c.name, description: c.description, hue: c.hue })))
    .returning({ id: categories.id, name: categories.name });

  // Products: names drawn without repeats per category, dates spread over the catalogue's history.
  const productValues: (typeof products.$inferInsert)[] = [];
  const variantPlans: {
    sizes: string[];
    colours: string[];
    base: number;
    sale: boolean;
    soldOut: boolean;
    slug: string;
  }[] = [];
  let index = 0;
  for (const [c, cat] of categorySeeds.entries()) {
    const categoryId = categoryRows[c]?.id;
    if (categoryId === undefined) throw new Error('category insert failed');
    const used = new Set<string>();
    for (let i = 0; i < perCategory; i++) {
      let name = '';
      do {
        name = `${pick(ADJECTIVES)} ${pick(cat.materials)} ${pick(cat.nouns)}`;
      } while (used.has(name));
      used.add(name);
      index++;
      const noun = cat.nouns.find((n) => name.endsWith(n)) ?? '';
      const sizes =
        cat.sizes && !SIZELESS.has(noun) ? cat.sizes.slice(0, Math.max(2, cat.sizes.length - between(0, 2))) : [];
      const colours = cat.colours.slice(0, between(1, Math.min(3, cat.colours.length)));
      const created = new Date(CATALOGUE_START + ((index * 19) % 300) * DAY + index * 60_000);
      const slug = `${slugify(name)}-${index}`;
      productValues.push({
        name,
        slug,
        description: `${name} from our ${cat.name.toLowerCase()} collection, ${pick(cat.features)}. ${pick(cat.features).replace(/^./, (ch) => ch.toUpperCase())}. ${pick(cat.care)}`,
        categoryId,
        type: sizes.length === 0 && colours.length === 1 ? 'SIMPLE' : 'VARIABLE',
        published: index % 37 !== 0,
        featured: index % 7 === 0,
        subscribers: between(0, 400),
        rating: Math.round((3.4 + rand() * 1.6) * 10) / 10,
        reviewCount: between(0, 260),
        hue: (cat.hue + between(-25, 25) + 360) % 360,
        imageCount: between(2, 4),
        createdBy: DEMO_ADMIN.email,
        lastModifiedBy: DEMO_ADMIN.email,
        createdAt: created,
        lastModifiedAt: created,
      });
      const base = Math.round(between(cat.price[0], cat.price[1]) / 100) * 100 - 1;
      variantPlans.push({ sizes, colours, base, sale: index % 4 === 0, soldOut: index % 11 === 0, slug });
    }
  }
  const productRows = await db.insert(products).values(productValues).returning({ id: products.id });

  const variantValues: (typeof variants.$inferInsert)[] = [];
  for (const [p, plan] of variantPlans.entries()) {
    const productId = productRows[p]?.id;
    if (productId === undefined) throw new Error('product insert failed');
    const combos: Record<string, string>[] = plan.sizes.length
      ? plan.colours.flatMap((colour) => plan.sizes.map((s) => ({ size: s, colour })))
      : plan.colours.map((colour) => ({ colour }));
    combos.forEach((attrs, position) => {
      const larger = attrs.size === '100 ml' ? 1.6 : 1;
      const regular = Math.round(plan.base * larger);
      variantValues.push({
        productId,
        sku: `${plan.slug.slice(0, 24).toUpperCase()}-${position + 1}`,
        regularPriceCents: regular,
        // Sale prices end in .99 like the regular ones.
        salePriceCents: plan.sale ? Math.max(99, Math.round((regular * (70 + between(0, 15))) / 10000) * 100 - 1) : 0,
        stock: plan.soldOut ? 0 : rand() < 0.12 ? 0 : between(3, 120),
        attributes: attrs,
        position,
      });
    });
  }
  for (let i = 0; i < variantValues.length; i += 1000) {
    await db.insert(variants).values(variantValues.slice(i, i + 1000));
  }
  await recomputeProductPrices(db);

  // People: demo accounts (real argon2id hashes) and sample customers that cannot sign in.
  const [shopperHash, adminHash] = await Promise.all([
    hashPassword(DEMO_SHOPPER.password),
    hashPassword(DEMO_ADMIN.password),
  ]);
  const customers = size === 'demo' ? CUSTOMERS : CUSTOMERS.slice(0, 1);
  const userRows = await db
    .insert(users)
    .values([
      {
        email: DEMO_ADMIN.email,
        username: 'admin',
        firstName: 'Store',
        lastName: 'Admin',
        passwordHash: adminHash,
        role: 'ADMIN',
        dateJoined: new Date(CATALOGUE_START),
      },
      {
        email: DEMO_SHOPPER.email,
        username: 'shopper',
        firstName: 'Sam',
        lastName: 'Shopper',
        passwordHash: shopperHash,
        dateJoined: new Date(CATALOGUE_START + 30 * DAY),
      },
      ...customers.map(([first, last], i) => ({
        email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
        username: `${first.toLowerCase()}${i + 1}`,
        firstName: first,
        lastName: last,
        passwordHash: UNUSABLE_PASSWORD,
        isActive: i !== 3,
        dateJoined: new Date(CATALOGUE_START + (40 + i * 9) * DAY),
      })),
    ])
    .returning({ id: users.id });
  await db.insert(carts).values(userRows.map((u) => ({ userId: u.id })));

  // Sample orders over the last weeks, some paid later and some still outstanding.
  const buyers = userRows.slice(1);
  const orderCount = size === 'demo' ? 36 : 3;
  // Cash on delivery is paid when it is delivered.
  const statuses = ['PENDING', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'DELIVERED', 'CANCELLED'] as const;
  const orderValues: (typeof orders.$inferInsert)[] = [];
  const linePlans: { variantIndexes: number[]; quantities: number[] }[] = [];
  const now = Date.now();
  for (let o = 0; o < orderCount; o++) {
    const buyer = buyers[o % buyers.length];
    if (!buyer) break;
    const payLater = o % 3 === 1;
    const lines = between(1, 3);
    const variantIndexes = Array.from({ length: lines }, () => between(0, variantValues.length - 1));
    const quantities = variantIndexes.map(() => between(1, 3));
    let total = 0;
    variantIndexes.forEach((vi, k) => {
      const v = variantValues[vi]!;
      total += ((v.salePriceCents ?? 0) > 0 ? v.salePriceCents! : v.regularPriceCents) * (quantities[k] ?? 1);
    });
    const createdAt = new Date(now - (orderCount - o) * 0.8 * DAY);
    const paidLater = payLater && o % 2 === 0;
    const status = payLater ? (paidLater ? 'DELIVERED' : 'PENDING') : pick(statuses);
    const paidOnDelivery = !payLater && status === 'DELIVERED';
    orderValues.push({
      number: `ORD-${String(1000 + o + 1)}`,
      userId: buyer.id,
      status,
      paymentMethod: payLater ? 'PAY_LATER' : 'CASH_ON_DELIVERY',
      totalCents: total,
      subtotalCents: total,
      itemCount: quantities.reduce((a, b) => a + b, 0),
      shippingAddress: pick(STREETS),
      createdAt,
      paymentDueAt: payLater ? new Date(createdAt.getTime() + PAY_LATER_TERM_DAYS * DAY) : null,
      paidAt: paidLater || paidOnDelivery ? new Date(createdAt.getTime() + 5 * DAY) : null,
    });
    linePlans.push({ variantIndexes, quantities });
  }
  const orderRows = orderValues.length ? await db.insert(orders).values(orderValues).returning({ id: orders.id }) : [];
  const variantRows = await db
    .select({ id: variants.id, sku: variants.sku, productId: variants.productId })
    .from(variants);
  const bySku = new Map(variantRows.map((v) => [v.sku, v]));
  const nameOf = new Map(productRows.map((p, i) => [p.id, productValues[i]?.name ?? '']));
  const lineValues: (typeof orderLines.$inferInsert)[] = [];
  orderRows.forEach((order, o) => {
    const plan = linePlans[o]!;
    plan.variantIndexes.forEach((vi, k) => {
      const planned = variantValues[vi]!;
      const v = bySku.get(planned.sku)!;
      lineValues.push({
        orderId: order.id,
        productId: v.productId,
        variantId: v.id,
        name: nameOf.get(v.productId) ?? '',
        sku: planned.sku,
        attributes: planned.attributes ?? {},
        unitPriceCents: (planned.salePriceCents ?? 0) > 0 ? planned.salePriceCents! : planned.regularPriceCents,
        quantity: plan.quantities[k] ?? 1,
      });
    });
  });
  if (lineValues.length) await db.insert(orderLines).values(lineValues);

  return {
    categories: categoryRows.length,
    products: productRows.length,
    variants: variantValues.length,
    users: userRows.length,
    orders: orderRows.length,
    ms: Date.now() - started,
  };
}
