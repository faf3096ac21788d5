import { z } from 'zod';
import { productSummarySchema, variantSchema } from './catalog';

const cartItemSchema = z.object({
  product: productSummarySchema.extend({ image: z.string() }),
  variant: variantSchema,
  quantity: z.number().int().positive(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  id: z.number().int(),
  cart_items: z.array(cartItemSchema),
});
export type Cart = z.infer<typeof cartSchema>;

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** POST products/add-to-cart: adds one; no quantity is sent (SPEC.md section 7). */
export const addToCartSchema = z.object({ product_id: id, variant_id: id });

export const cartLineParamsSchema = z.object({ product_id: id, variant_id: id });

/** PUT products/update-cart-item/{product_id}/{variant_id}: 0 or less removes the line. */
export const setCartQuantitySchema = z.object({ quantity: z.number().int().min(-1000).max(1000) });

export const cartResponseSchema = z.object({ message: z.string(), cart: cartSchema });
export type CartResponse = z.infer<typeof cartResponseSchema>;
