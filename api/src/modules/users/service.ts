import { and, desc, eq } from 'drizzle-orm';
import type { ProfileUpdatePayload, UserProfile, WishlistResponse } from '@store/contracts';
import type { Db } from '../../db/client';
import { products, users, wishlistItems } from '../../db/schema';
import { fieldError, notFound } from '../../lib/errors';
import { isUniqueViolation, iso } from '../../lib/format';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { revokeOtherSessions, USERNAME_TAKEN, takenError, usernameTaken } from '../auth/service';
import { loadCart } from '../cart/service';
import { cardsByIds } from '../catalog/service';
import { accountOf } from './account';

export async function profile(db: Db, userId: number, known?: typeof users.$inferSelect | null): Promise<UserProfile> {
  const [user] = known ? [known] : await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('User not found.');
  return { ...accountOf(user), cart: await loadCart(db, userId) };
}

export async function updateProfile(db: Db, userId: number, payload: ProfileUpdatePayload): Promise<UserProfile> {
  if (await usernameTaken(db, payload.username, userId)) throw fieldError('username', USERNAME_TAKEN);
  try {
    await db
      .update(users)
      .set({ firstName: payload.first_name, lastName: payload.last_name, username: payload.username })
      .where(eq(users.id, userId));
  } catch (error) {
    // Two accounts taking one name at once: the unique index decides.
    if (isUniqueViolation(error)) throw takenError(error);
    throw error;
  }
  return profile(db, userId);
}

/** Changes the password and ends every other session; the one that asked stays signed in. */
export async function changePassword(
  db: Db,
  session: { id: number; sessionId: string },
  current: string,
  next: string,
): Promise<void> {
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, session.id)).limit(1);
  if (!user || !(await verifyPassword(current, user.hash))) {
    throw fieldError('current_password', 'Current password is incorrect.');
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(next) })
    .where(eq(users.id, session.id));
  await revokeOtherSessions(db, session.id, session.sessionId);
}

export async function wishlist(db: Db, userId: number): Promise<WishlistResponse> {
  const rows = await db
    .select({ productId: wishlistItems.productId, createdAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), eq(products.published, true)))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
  const cards = await cardsByIds(
    db,
    rows.map((r) => r.productId),
  );
  return {
    data: rows.flatMap((r) => {
      const product = cards.get(r.productId);
      return product ? [{ product, added_at: iso(r.createdAt) }] : [];
    }),
  };
}

export async function addToWishlist(db: Db, userId: number, productId: number): Promise<void> {
  const [product] = await db
    .select({ published: products.published })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product || !product.published) throw notFound('Product not found.');
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
}

export async function removeFromWishlist(db: Db, userId: number, productId: number): Promise<void> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
  if (!product) throw notFound('Product not found.');
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}
