import { z } from 'zod';
import { orderSchema, paymentMethodSchema } from './orders';

/** GET users/me/orders: the signed-in user's orders, newest first. */
export const ordersResponseSchema = z.object({ data: z.array(orderSchema) });
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

/** POST users/me/orders: places an order from the server cart (which is then emptied). */
export const checkoutSchema = z.object({
  payment_method: paymentMethodSchema,
  shipping_address: z.string().trim().min(1, 'Shipping address is required').max(500),
});
export type CheckoutPayload = z.infer<typeof checkoutSchema>;
