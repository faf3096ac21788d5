import { z } from 'zod';
import { accountSchema } from './user';
import { pageMetaSchema, productDetailSchema, productPhotoSchema } from './catalog';
import { orderSchema, orderStatusSchema, paymentMethodSchema } from './orders';
import { PRODUCT_IMAGE_MAX_COUNT } from './productImages';

/** Admin API (`/api/admin/*`, role ADMIN only). Prices travel as decimal strings. */
const decimalInput = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === 'number' ? v.toFixed(2) : v.trim()))
  .pipe(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, 'Must be a decimal amount like 19.99'));
const idParam = z.coerce.number().int().positive().max(2_147_483_647);

export const adminIdParamsSchema = z.object({ id: idParam });

const boolQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
const pageQuery = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
};

// ── dashboard ───────────────────────────────────────────────────────────────
export const adminDashboardSchema = z.object({
  revenue: z.string(),
  order_count: z.number().int(),
  customer_count: z.number().int(),
  product_count: z.number().int(),
  published_product_count: z.number().int(),
  pending_order_count: z.number().int(),
  pay_later_outstanding: z.string(),
  pay_later_outstanding_count: z.number().int(),
  low_stock_variant_count: z.number().int(),
  orders_by_status: z.record(z.string(), z.number().int()),
  sales_by_day: z.array(z.object({ date: z.string(), total: z.string(), orders: z.number().int() })),
  recent_orders: z.array(orderSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

// ── products ────────────────────────────────────────────────────────────────
/** `low`: a variant with 5 or fewer left (the dashboard's low-stock figure); `out`: nothing left at all. */
const adminStockFilterSchema = z.enum(['low', 'out', 'in']);
/** A column, `-` first for descending. */
const adminProductSortSchema = z.enum(['name', '-name', 'price', '-price', 'stock', '-stock', 'updated', '-updated']);
export type AdminProductSort = z.infer<typeof adminProductSortSchema>;
export const adminProductListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  category: z.string().trim().max(100).optional(),
  published: boolQuery.optional(),
  stock: adminStockFilterSchema.optional(),
  sort: adminProductSortSchema.default('-updated'),
  ...pageQuery,
});
export type AdminProductListQuery = z.input<typeof adminProductListQuerySchema>;

/** Admin product: the storefront detail plus the fields the editor needs. */
export const adminProductSchema = productDetailSchema.extend({
  category_id: z.number().int(),
  total_stock: z.number().int(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductListResponseSchema = z.object({ data: z.array(adminProductSchema), meta: pageMetaSchema });
export type AdminProductListResponse = z.infer<typeof adminProductListResponseSchema>;

/** An empty sale price means "not on sale" ("0.00"). */
const salePriceInput = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? '0.00' : v),
  decimalInput,
);

const adminVariantInputSchema = z
  .object({
    /** Present for an existing variant (kept and updated); absent creates one. Omitted variants are deleted. */
    id: idParam.optional(),
    sku: z.string().trim().min(1, 'SKU is required').max(64, 'SKU must be at most 64 characters'),
    regular_price: decimalInput,
    /** "0.00" (or empty) means not on sale. */
    sale_price: salePriceInput,
    stock: z.coerce
      .number({ error: 'Stock must be a whole number' })
      .int('Stock must be a whole number')
      .min(0, 'Stock cannot be negative')
      .max(1_000_000, 'Stock must be at most 1000000'),
    attributes: z.record(z.string().trim().min(1).max(50), z.string().trim().min(1).max(50)).default({}),
  })
  .superRefine((v, ctx) => {
    const cents = (d: string) => Math.round(Number(d) * 100);
    if (cents(v.regular_price) <= 0) {
      ctx.addIssue({ code: 'custom', path: ['regular_price'], message: 'Regular price must be above 0' });
    }
    if (cents(v.sale_price) > 0 && cents(v.sale_price) >= cents(v.regular_price)) {
      ctx.addIssue({ code: 'custom', path: ['sale_price'], message: 'Sale price must be below the regular price' });
    }
  });

export const adminProductInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
    description: z.string().trim().max(5000, 'Description must be at most 5000 characters').default(''),
    category_id: z.coerce
      .number({ error: 'Choose a category' })
      .int('Choose a category')
      .positive('Choose a category')
      .max(2_147_483_647),
    type: z.enum(['SIMPLE', 'VARIABLE']).default('VARIABLE'),
    published: z.boolean().default(true),
    featured: z.boolean().default(false),
    variants: z.array(adminVariantInputSchema).min(1, 'At least one variant is required').max(100),
  })
  .superRefine((p, ctx) => {
    if (p.type === 'SIMPLE' && p.variants.length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['variants'],
        message: 'A simple product has one variant: make it variable to sell several',
      });
    }
    const seen = new Map<string, number>();
    p.variants.forEach((v, i) => {
      const sku = v.sku.toLowerCase();
      if (seen.has(sku)) {
        ctx.addIssue({ code: 'custom', path: ['variants', i, 'sku'], message: 'Each variant needs its own SKU' });
      }
      seen.set(sku, i);
    });
  });
export type AdminProductInput = z.input<typeof adminProductInputSchema>;

export const adminPublishSchema = z.object({ published: z.boolean() });

// ── product images ──────────────────────────────────────────────────────────
/** What the upload accepts (checked from the file's bytes, not its name or declared type). */
export { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_MAX_COUNT } from './productImages';
const adminProductImageSchema = productPhotoSchema.extend({
  position: z.number().int(),
  /** The uploaded original's size in pixels. */
  width: z.number().int(),
  height: z.number().int(),
});
export type AdminProductImage = z.infer<typeof adminProductImageSchema>;
export const adminProductImageListSchema = z.object({ data: z.array(adminProductImageSchema) });
export type AdminProductImageList = z.infer<typeof adminProductImageListSchema>;
/** The product's image ids in their new order (every image once). */
export const adminProductImageOrderSchema = z.object({
  ids: z.array(idParam).min(1).max(PRODUCT_IMAGE_MAX_COUNT),
});
export const adminProductImageParamsSchema = z.object({ id: idParam, imageId: idParam });

// ── attributes ──────────────────────────────────────────────────────────────
export const adminAttributeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  values: z.array(z.string()),
  product_count: z.number().int(),
});
export type AdminAttribute = z.infer<typeof adminAttributeSchema>;
export const adminAttributeListSchema = z.object({ data: z.array(adminAttributeSchema) });
export const adminAttributeInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(50),
  values: z.array(z.string().trim().min(1).max(50)).max(100).default([]),
});
export type AdminAttributeInput = z.input<typeof adminAttributeInputSchema>;

// ── categories ──────────────────────────────────────────────────────────────
export const adminCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  product_count: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export const adminCategoryListSchema = z.object({ data: z.array(adminCategorySchema) });
export const adminCategoryInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  description: z.string().trim().max(1000).default(''),
});
export type AdminCategoryInput = z.input<typeof adminCategoryInputSchema>;

// ── customers ───────────────────────────────────────────────────────────────
export const adminCustomerListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  is_active: boolQuery.optional(),
  ...pageQuery,
});
const adminCustomerSchema = accountSchema.extend({
  order_count: z.number().int(),
  total_spent: z.string(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;
export const adminCustomerListResponseSchema = z.object({ data: z.array(adminCustomerSchema), meta: pageMetaSchema });
export const adminCustomerDetailSchema = adminCustomerSchema.extend({ orders: z.array(orderSchema) });
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;
export const adminCustomerUpdateSchema = z.object({ is_active: z.boolean() });

// ── orders ──────────────────────────────────────────────────────────────────
/** A column, `-` first for descending; newest first by default. */
const adminOrderSortSchema = z.enum([
  'created',
  '-created',
  'number',
  '-number',
  'customer',
  '-customer',
  'total',
  '-total',
]);
export type AdminOrderSort = z.infer<typeof adminOrderSortSchema>;
export const adminOrderListQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  payment_method: paymentMethodSchema.optional(),
  search: z.string().trim().max(100).optional(),
  sort: adminOrderSortSchema.default('-created'),
  ...pageQuery,
});
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;
export const adminOrderListResponseSchema = z.object({ data: z.array(orderSchema), meta: pageMetaSchema });
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponseSchema>;
export const adminOrderStatusUpdateSchema = z.object({ status: orderStatusSchema });

// ── pay later ───────────────────────────────────────────────────────────────
export const adminPayLaterQuerySchema = z.object({
  status: z.enum(['outstanding', 'paid', 'all']).default('outstanding'),
  /** Part of the order number, or of the customer's e-mail or name. */
  search: z.string().trim().max(100).optional(),
  ...pageQuery,
});
export const payLaterItemSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_number: z.string(),
  customer: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  amount: z.string(),
  status: z.enum(['outstanding', 'paid']),
  due_date: z.string(),
  overdue: z.boolean(),
  /** Whole days past the due date (a started day counts); 0 when paid or not yet due. */
  days_overdue: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type PayLaterItem = z.infer<typeof payLaterItemSchema>;
/** What is owed and what came in, over every pay-later item (not only the page shown). */
const payLaterSummarySchema = z.object({
  outstanding: z.string(),
  outstanding_count: z.number().int(),
  /** The part of `outstanding` past its due date. */
  overdue: z.string(),
  overdue_count: z.number().int(),
  paid: z.string(),
  paid_count: z.number().int(),
});
export type PayLaterSummary = z.infer<typeof payLaterSummarySchema>;
export const payLaterListResponseSchema = z.object({
  data: z.array(payLaterItemSchema),
  meta: pageMetaSchema,
  summary: payLaterSummarySchema,
});
export type PayLaterListResponse = z.infer<typeof payLaterListResponseSchema>;
