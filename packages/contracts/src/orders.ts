import { z } from 'zod';

export const orderStatusSchema = z.enum(['PENDING', 'PAID', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const paymentMethodSchema = z.enum(['CARD', 'PAY_LATER']);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const orderLineSchema = z.object({
  product_id: z.number().int(),
  variant_id: z.number().int(),
  name: z.string(),
  image: z.string(),
  attributes: z.record(z.string(), z.string()),
  unit_price: z.string(),
  quantity: z.number().int(),
  line_total: z.string(),
});
export const orderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: orderStatusSchema,
  payment_method: paymentMethodSchema,
  total: z.string(),
  item_count: z.number().int(),
  created_at: z.string(),
  customer: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  shipping_address: z.string(),
  lines: z.array(orderLineSchema),
});
export type Order = z.infer<typeof orderSchema>;
