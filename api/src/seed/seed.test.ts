import { count, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { categories, orders, products, users, variants } from '../db/schema';
import { seedIfEmpty } from '.';

describe('demo seed (PGlite)', () => {
  // Not timed: a unit test on a loaded CI machine is no clock (it once took 5.9 s at load 20).
  it('fills an empty store deterministically and only once', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await database.migrate();
      const summary = await seedIfEmpty(database.db, 'demo');
      expect(summary).toMatchObject({ products: 150 });
      const db = database.db;
      const [cats] = await db.select({ n: count() }).from(categories);
      expect(cats!.n).toBeGreaterThanOrEqual(8);
      const [flags] = await db
        .select({
          sale: sql<number>`count(*) filter (where ${products.onSale})`.mapWith(Number),
          soldOut: sql<number>`count(*) filter (where not ${products.inStock})`.mapWith(Number),
          featured: sql<number>`count(*) filter (where ${products.featured})`.mapWith(Number),
        })
        .from(products);
      expect(flags!.sale).toBeGreaterThan(0);
      expect(flags!.soldOut).toBeGreaterThan(0);
      expect(flags!.featured).toBeGreaterThan(0);
      const withSize = await db
        .select({ n: count() })
        .from(variants)
        .where(sql`${variants.attributes} ? 'size'`);
      expect(withSize[0]!.n).toBeGreaterThan(0);
      const [payLater] = await db.select({ n: count() }).from(orders).where(eq(orders.paymentMethod, 'PAY_LATER'));
      expect(payLater!.n).toBeGreaterThan(0);
      const admins = await db.select({ email: users.email }).from(users).where(eq(users.role, 'ADMIN'));
      expect(admins).toEqual([{ email: 'admin@example.com' }]);
      const names = await db.select({ name: products.name }).from(products).orderBy(products.id).limit(3);
      // Descriptions fit their goods: no washing instructions on a shampoo or a ring.
      const [unfit] = await db
        .select({ n: count() })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(
          sql`${categories.name} in ('Beauty', 'Jewelry', 'Home') and ${products.description} ~* '(wash|dry clean)'`,
        );
      expect(unfit!.n).toBe(0);
      expect(await seedIfEmpty(db, 'demo')).toBeNull();
      // Same names on every machine.
      const again = await openDatabase({ dataDir: 'memory://' });
      await again.migrate();
      await seedIfEmpty(again.db, 'demo');
      expect(await again.db.select({ name: products.name }).from(products).orderBy(products.id).limit(3)).toEqual(
        names,
      );
      await again.close();
    } finally {
      await database.close();
    }
  });
});
