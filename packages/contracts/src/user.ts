import { z } from 'zod';
import { roleSchema } from './auth';
import { cartSchema } from './cart';
import { productCardSchema } from './catalog';

export const userProfileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  is_active: z.boolean(),
  date_joined: z.string(),
  cart: cartSchema,
});
export type UserProfile = z.infer<typeof userProfileSchema>;

const wishlistItemSchema = z.object({
  product: productCardSchema,
  added_at: z.string(),
});
export const wishlistResponseSchema = z.object({ data: z.array(wishlistItemSchema) });
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;
export const addToWishlistSchema = z.object({ product_id: z.coerce.number().int().positive().max(2_147_483_647) });

export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

/** Error bodies: `{detail}` or a field list `{field: [messages]}` as DRF sends them. */
export const errorSchema = z.object({ detail: z.string() });
