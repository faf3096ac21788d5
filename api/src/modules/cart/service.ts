import { and, asc, eq, sql } from 'drizzle-orm';
import type { Cart, CartItem } from '@store/contracts';
import type { DbOrTx } from '../../db/client';
import { cartItems, carts, categories, products, variants } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import { coverImage } from '../../lib/format';
import { toSummary, toVariant } from '../catalog/service';

/** The user's cart id, creating the cart on first use (race-safe). */
export async function cartIdOf(db: DbOrTx, userId: number): Promise<number> {
  const [existing] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).limit(1);
  if (existing) return existing.id;
  await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  const [created] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).limit(1);
  if (!created) throw new Error('cart could not be created');
  return created.id;
}

// The cart and its lines in one round trip (a cart without lines gives one row of nulls).
const prepareCartLines = (db: DbOrTx) =>
  db
    .select({ cartId: carts.id, item: cartItems, product: products, category: categories.name, variant: variants })
    .from(carts)
    .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
    .leftJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(variants, eq(variants.id, cartItems.variantId))
    .where(eq(carts.userId, sql.placeholder('userId')))
    .orderBy(asc(cartItems.id))
    .prepare('cart_lines_by_user');
const cartLines = new WeakMap<DbOrTx, ReturnType<typeof prepareCartLines>>();

export async function loadCart(db: DbOrTx, userId: number): Promise<Cart> {
  let statement = cartLines.get(db);
  if (!statement) {
    statement = prepareCartLines(db);
    cartLines.set(db, statement);
  }
  const rows = await statement.execute({ userId });
  const id = rows[0]?.cartId ?? (await cartIdOf(db, userId));
  const items: CartItem[] = rows.flatMap((r) =>
    r.item && r.product && r.variant && r.category !== null
      ? [
          {
            product: { ...toSummary(r.product, r.category), image: coverImage(r.product) },
            variant: toVariant(r.variant),
            quantity: r.item.quantity,
          },
        ]
      : [],
  );
  return { id, cart_items: items };
}

/** The variant, checked to belong to a published product: 404 otherwise. */
async function findLine(db: DbOrTx, productId: number, variantId: number) {
  const [product] = await db
    .select({ id: products.id, published: products.published })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product || !product.published) throw notFound('Product not found.');
  const [variant] = await db
    .select({ id: variants.id, stock: variants.stock })
    .from(variants)
    .where(and(eq(variants.id, variantId), eq(variants.productId, productId)))
    .limit(1);
  if (!variant) throw notFound('Variant not found.');
  return variant;
}

const outOfStock = (stock: number) =>
  new HttpError(400, {
    detail: stock > 0 ? `Only ${stock} left in stock.` : 'This item is out of stock.',
    quantity: [stock > 0 ? `Only ${stock} left in stock.` : 'This item is out of stock.'],
  });

/** Adds one; concurrent adds on one line are one atomic upsert each, so none is lost. */
export async function addOne(db: DbOrTx, userId: number, productId: number, variantId: number): Promise<void> {
  const variant = await findLine(db, productId, variantId);
  if (variant.stock <= 0) throw outOfStock(0);
  const cartId = await cartIdOf(db, userId);
  const written = await db
    .insert(cartItems)
    .values({ cartId, productId, variantId, quantity: 1 })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId, cartItems.variantId],
      set: { quantity: sql`${cartItems.quantity} + 1` },
      setWhere: sql`${cartItems.quantity} < ${variant.stock}`,
    })
    .returning({ quantity: cartItems.quantity });
  if (written.length === 0) throw outOfStock(variant.stock);
}

/** Sets a line's quantity; 0 or less removes it. */
export async function setQuantity(db: DbOrTx, userId: number, productId: number, variantId: number, quantity: number) {
  const variant = await findLine(db, productId, variantId);
  const cartId = await cartIdOf(db, userId);
  if (quantity <= 0) {
    await removeLine(db, userId, productId, variantId, cartId);
    return;
  }
  if (quantity > variant.stock) throw outOfStock(variant.stock);
  await db
    .insert(cartItems)
    .values({ cartId, productId, variantId, quantity })
    .onConflictDoUpdate({ target: [cartItems.cartId, cartItems.productId, cartItems.variantId], set: { quantity } });
}

export async function removeLine(
  db: DbOrTx,
  userId: number,
  productId: number,
  variantId: number,
  knownCartId?: number,
) {
  if (knownCartId === undefined) await findLine(db, productId, variantId);
  const cartId = knownCartId ?? (await cartIdOf(db, userId));
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId), eq(cartItems.variantId, variantId)));
}

export async function clearCart(db: DbOrTx, userId: number): Promise<void> {
  const cartId = await cartIdOf(db, userId);
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
}
