import { z } from 'zod';
import { pageMetaSchema } from './catalog';
import { countries, orderStatuses, paymentMethods, type CountryCode } from './orderLabels';

export * from './orderLabels';

export const orderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
/** Every payment method an order may carry (CARD is legacy; see `checkoutPaymentMethodSchema`). */
export const paymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
/** What a shopper can choose at checkout: each one is a payment provider on the server. */
export const checkoutPaymentMethodSchema = z.enum(['PAY_LATER', 'CASH_ON_DELIVERY'], {
  error: 'Choose a payment method',
});
export type CheckoutPaymentMethod = z.infer<typeof checkoutPaymentMethodSchema>;
const deliveryMethodSchema = z.enum(['STANDARD', 'EXPRESS'], { error: 'Choose a delivery method' });
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;

const addressMessages = {
  fullName: 'Full name is required',
  street: 'Street and house number are required',
  city: 'City is required',
  postalCode: 'Postal code is required',
  postalCodeInvalid: 'Enter a valid postal code (letters, digits, spaces or dashes)',
  country: 'Choose a country from the list',
  phone: 'Phone number is required',
  phoneInvalid: 'Enter a valid phone number (at least 7 digits)',
} as const;

const countryCodes = countries.map((c) => c.code) as [CountryCode, ...CountryCode[]];

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** A delivery address: the checkout form validates it with these rules, and so does the API. */
export const addressSchema = z.object({
  full_name: required(addressMessages.fullName, 100),
  street: required(addressMessages.street, 200),
  city: required(addressMessages.city, 100),
  postal_code: required(addressMessages.postalCode, 12).regex(
    /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}[A-Za-z0-9]$/,
    addressMessages.postalCodeInvalid,
  ),
  country: z.enum(countryCodes, { error: addressMessages.country }),
  phone: required(addressMessages.phone, 25).refine(
    (v) => /^\+?[0-9 ()./-]+$/.test(v) && v.replace(/\D/g, '').length >= 7 && v.replace(/\D/g, '').length <= 15,
    addressMessages.phoneInvalid,
  ),
});
export type Address = z.infer<typeof addressSchema>;

const orderLineSchema = z.object({
  product_id: z.number().int(),
  variant_id: z.number().int(),
  /** The product name, variant and unit price as they were when the order was placed. */
  name: z.string(),
  image: z.string(),
  attributes: z.record(z.string(), z.string()),
  sku: z.string(),
  unit_price: z.string(),
  quantity: z.number().int(),
  line_total: z.string(),
  /** Whether the product still exists and is published (the order page links only to those). */
  product_available: z.boolean(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

const orderStatusChangeSchema = z.object({ status: orderStatusSchema, at: z.string() });

export const orderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: orderStatusSchema,
  payment_method: paymentMethodSchema,
  /** subtotal + delivery_price. */
  total: z.string(),
  subtotal: z.string(),
  delivery_method: deliveryMethodSchema,
  delivery_price: z.string(),
  item_count: z.number().int(),
  created_at: z.string(),
  customer: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  /** The address as one line of text (older orders have only this). */
  shipping_address: z.string(),
  /** The structured address (null on orders placed before checkout collected one). */
  address: addressSchema.nullable(),
  /** Pay later: when the invoice is due; null for other methods. */
  payment_due_at: z.string().nullable(),
  /** When the payment was confirmed (pay later: marked paid by the admin); null while unpaid. */
  paid_at: z.string().nullable(),
  /** Oldest first: every status the order has had, with when. */
  status_history: z.array(orderStatusChangeSchema),
  lines: z.array(orderLineSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** GET users/me/orders: the signed-in user's orders, newest first, paginated. */
export const myOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(10),
});
export const ordersResponseSchema = z.object({ data: z.array(orderSchema), meta: pageMetaSchema });
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

/** POST users/me/orders (with an `Idempotency-Key` header): places an order from the server cart. */
export const checkoutSchema = z.object({
  address: addressSchema,
  delivery_method: deliveryMethodSchema,
  payment_method: checkoutPaymentMethodSchema,
});
export type CheckoutPayload = z.infer<typeof checkoutSchema>;

/** 409 when the stock no longer covers the cart: which lines, and how many are left of each. */
export const stockShortageSchema = z.object({
  detail: z.string(),
  code: z.literal('out_of_stock'),
  lines: z.array(
    z.object({
      product_id: z.number().int(),
      variant_id: z.number().int(),
      name: z.string(),
      requested: z.number().int(),
      available: z.number().int(),
    }),
  ),
});
export type StockShortage = z.infer<typeof stockShortageSchema>;

/** GET users/me/checkout: what the checkout offers for the current cart, priced by the server. */
export const checkoutOptionsSchema = z.object({
  subtotal: z.string(),
  item_count: z.number().int(),
  delivery_methods: z.array(
    z.object({
      id: deliveryMethodSchema,
      label: z.string(),
      description: z.string(),
      price: z.string(),
    }),
  ),
  payment_methods: z.array(z.object({ id: checkoutPaymentMethodSchema, label: z.string(), description: z.string() })),
  /** The address of the shopper's last order, offered again. */
  last_address: addressSchema.nullable(),
});
export type CheckoutOptions = z.infer<typeof checkoutOptionsSchema>;
