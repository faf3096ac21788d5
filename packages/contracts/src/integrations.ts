import { z } from 'zod';
import { productListResponseSchema } from './catalog';

/**
 * Integrator keys and the embed (issue 29): an admin creates a publishable key (`pk_…`) naming the
 * origins whose pages may show the catalogue with `<store-products>` and `<store-product>`.
 */

/** `https://blog.example` or `http://localhost:8080`: a scheme, a host, maybe a port, nothing else. */
export const originSchema = z
  .string()
  .trim()
  .max(200)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
    } catch {
      return false;
    }
  }, 'Must be an origin like https://blog.example (scheme, host and port only)')
  .transform((value) => new URL(value).origin);

export const INTEGRATION_KEY_PATTERN = /^pk_[A-Za-z0-9_-]{16,64}$/;

export const integrationKeyCreateSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  allowed_origins: z.array(originSchema).min(1, 'Add at least one allowed origin').max(20),
  /** Only this category's products (its name); none: the whole catalogue. */
  category: z.string().trim().max(100).nullish(),
  /** ISO date-time after which the key stops working; none: never. */
  expires_at: z.iso.datetime({ offset: true }).nullish(),
});
export type IntegrationKeyCreate = z.input<typeof integrationKeyCreateSchema>;

export const integrationKeyStatsSchema = z.object({
  views: z.number().int(),
  add_to_carts: z.number().int(),
  orders: z.number().int(),
  /** Decimal string, the orders' totals (cancelled ones left out). */
  revenue: z.string(),
});

export const integrationKeySchema = z.object({
  id: z.number().int(),
  /** The whole key in the answer that creates it; afterwards its ends only (`pk_AbCd…wXyZ`). */
  key: z.string(),
  name: z.string(),
  allowed_origins: z.array(z.string()),
  category: z.string().nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(['active', 'expired', 'revoked']),
  stats: integrationKeyStatsSchema,
});
export type IntegrationKey = z.infer<typeof integrationKeySchema>;

export const integrationKeyListSchema = z.object({ data: z.array(integrationKeySchema) });
export type IntegrationKeyList = z.infer<typeof integrationKeyListSchema>;

/** The embed's own catalogue reads: GET /api/embed/{key}/products. */
export const embedProductsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  category: z.string().trim().max(100).optional(),
  sort: z.enum(['relevance', 'newest', 'price_asc', 'price_desc', 'name']).optional(),
  limit: z.coerce.number().int().min(1).max(48).default(8),
});
export type EmbedProductsQuery = z.input<typeof embedProductsQuerySchema>;
export const embedProductsResponseSchema = productListResponseSchema;

export const embedKeyParamsSchema = z.object({ key: z.string().regex(INTEGRATION_KEY_PATTERN, 'Unknown key') });

/** POST /api/embed/{key}/handoffs: a visitor's "Add to cart"; no variant: the cheapest one in stock. */
export const handoffCreateSchema = z.object({
  product_id: z.number().int().positive().max(2_147_483_647),
  variant_id: z.number().int().positive().max(2_147_483_647).optional(),
});
export const handoffSchema = z.object({
  id: z.string(),
  /** The store's page that puts the variant in the visitor's cart: `{store}/handoff/{id}`. */
  url: z.string(),
  product_id: z.number().int(),
  variant_id: z.number().int(),
  price: z.string(),
  currency: z.string(),
});
export type Handoff = z.infer<typeof handoffSchema>;

/** POST /api/users/me/handoffs/{id}: the hand-off's variant is now in the shopper's cart. */
export const handoffRedeemedSchema = z.object({
  product_id: z.number().int(),
  variant_id: z.number().int(),
  name: z.string(),
});
export type HandoffRedeemed = z.infer<typeof handoffRedeemedSchema>;

export { STORE_CURRENCY } from './money';

/**
 * `detail` of the embed's DOM events (`store:view-item`, `store:add-to-cart`, `store:buy`), which
 * bubble and cross shadow roots (`composed`). `variant` is null until one is chosen (a grid's card:
 * the store picks the cheapest in stock, named in `store:buy`).
 */
export interface StoreEmbedEventDetail {
  product: { id: number; name: string; category: string; image: string };
  variant: { id: number } | null;
  /** Decimal string, e.g. '19.99'. */
  price: string;
  currency: string;
  /** The integrator key the element uses. */
  key: string;
}
