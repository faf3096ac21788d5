import crypto from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { STORE_CURRENCY, type Handoff, type HandoffRedeemed } from '@store/contracts';
import type { Db } from '../../db/client';
import { cartItems, categories, integrationHandoffs, integrationKeys, products, variants } from '../../db/schema';
import { HttpError, conflict, notFound } from '../../lib/errors';
import { money } from '../../lib/format';
import { addOne, cartIdOf } from '../cart/service';
import { keyState, type EmbedKey } from './keys';

/** How long a hand-off waits for the visitor to sign in and take it. */
const HANDOFF_TTL_MS = 24 * 60 * 60 * 1000;

const storeAdmin = "the store's admin (Admin → Integrations)";

/**
 * Why an embed request is refused, as the element shows it and logs it: names the key or the origin
 * and what to do. The answer carries the asking origin in Access-Control-Allow-Origin so the page can
 * read the reason (the catalogue itself is never answered to that origin).
 */
export function refusal(key: string, found: EmbedKey | null, origin: string | undefined): HttpError | null {
  const cors: Record<string, string> = origin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {};
  const state = keyState(found);
  if (state === 'unknown') {
    return new HttpError(
      404,
      {
        detail: `The key ${key} is not known to this store. Check the element's key attribute, or ask ${storeAdmin} for a key.`,
        code: 'unknown_key',
      },
      cors,
    );
  }
  if (state === 'revoked' || state === 'expired') {
    return new HttpError(
      403,
      {
        detail: `The key ${key} has been ${state === 'revoked' ? 'revoked' : 'expired'}. Ask ${storeAdmin} for a new key.`,
        code: `key_${state}`,
      },
      cors,
    );
  }
  if (origin && !found!.origins.includes(origin)) {
    return new HttpError(
      403,
      {
        detail: `The key ${key} does not allow pages on ${origin}. Ask ${storeAdmin} to add ${origin} to the key's allowed origins.`,
        code: 'origin_not_allowed',
      },
      cors,
    );
  }
  return null;
}

export async function recordView(db: Db, keyId: number): Promise<void> {
  await db
    .update(integrationKeys)
    .set({ views: sql`${integrationKeys.views} + 1` })
    .where(eq(integrationKeys.id, keyId));
}

/**
 * A visitor's "Add to cart" on an integrator's page: the variant (or the product's cheapest one in
 * stock) is kept under a random id the store's `/handoff/{id}` page redeems once the visitor is signed in.
 */
export async function createHandoff(
  db: Db,
  key: EmbedKey,
  body: { product_id: number; variant_id?: number },
  publicUrl: string,
): Promise<Handoff> {
  const [product] = await db
    .select({ id: products.id, published: products.published, category: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, body.product_id))
    .limit(1);
  if (!product || !product.published || (key.category !== null && product.category !== key.category)) {
    throw notFound('Product not found.');
  }
  const conditions = [eq(variants.productId, product.id), gt(variants.stock, 0)];
  if (body.variant_id !== undefined) conditions.push(eq(variants.id, body.variant_id));
  const price = sql<number>`case when ${variants.salePriceCents} > 0 then ${variants.salePriceCents} else ${variants.regularPriceCents} end`;
  const [variant] = await db
    .select({ id: variants.id, price: price.mapWith(Number) })
    .from(variants)
    .where(and(...conditions))
    .orderBy(asc(price), asc(variants.position), asc(variants.id))
    .limit(1);
  if (!variant) throw conflict('This item is out of stock.');
  const id = crypto.randomBytes(18).toString('base64url');
  await db.insert(integrationHandoffs).values({ id, keyId: key.id, productId: product.id, variantId: variant.id });
  return {
    id,
    url: `${publicUrl}/handoff/${id}`,
    product_id: product.id,
    variant_id: variant.id,
    price: money(variant.price),
    currency: STORE_CURRENCY,
  };
}

/**
 * Puts a hand-off's variant in the shopper's cart, the line marked with the key (the order placed
 * from it records the key). Once per hand-off: the same shopper again gets the same answer, another
 * shopper a 409.
 */
export async function redeemHandoff(db: Db, userId: number, id: string): Promise<HandoffRedeemed> {
  return db.transaction(async (t) => {
    const [handoff] = await t
      .select({ handoff: integrationHandoffs, name: products.name })
      .from(integrationHandoffs)
      .innerJoin(products, eq(products.id, integrationHandoffs.productId))
      .where(eq(integrationHandoffs.id, id))
      .for('update', { of: [integrationHandoffs] });
    if (!handoff || handoff.handoff.createdAt.getTime() < Date.now() - HANDOFF_TTL_MS) {
      throw notFound('This link has expired. Go back to the page you came from and add the item again.');
    }
    const h = handoff.handoff;
    const answer = { product_id: h.productId, variant_id: h.variantId, name: handoff.name };
    if (h.redeemedAt) {
      if (h.redeemedBy === userId) return answer;
      throw conflict('This link has already been used.');
    }
    await addOne(t, userId, h.productId, h.variantId);
    const cartId = await cartIdOf(t, userId);
    await t
      .update(cartItems)
      .set({ integrationKeyId: h.keyId })
      .where(
        and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, h.variantId), eq(cartItems.productId, h.productId)),
      );
    await t
      .update(integrationHandoffs)
      .set({ redeemedAt: new Date(), redeemedBy: userId })
      .where(and(eq(integrationHandoffs.id, id), isNull(integrationHandoffs.redeemedAt)));
    return answer;
  });
}
