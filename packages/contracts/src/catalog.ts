import { z } from 'zod';

const decimal = z.string().regex(/^\d+(\.\d{1,2})?$/, 'Must be a decimal amount like 19.99');

const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  product_count: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoriesResponseSchema = z.object({ data: z.array(categorySchema) });
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

/** A variant's attributes, for example { size: 'M', colour: 'Red' }. */
export const variantSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  sale_price: decimal,
  regular_price: decimal,
  stock: z.number().int(),
  attributes: z.record(z.string(), z.string()),
});
export type Variant = z.infer<typeof variantSchema>;

/** Product fields as the spec's cart item shows them (SPEC.md section 3). */
export const productSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  type: z.string(),
  published: z.boolean(),
  subscribers: z.number().int(),
  created_by: z.string().nullable(),
  last_modified_by: z.string().nullable(),
  created_at: z.string(),
  last_modified_at: z.string(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/**
 * An uploaded product image: WebP versions 400 and 1200 px wide (never wider than the original), for
 * `srcset="{small} 400w, {large} 1200w"`. Their URLs never change content (long cache, immutable).
 */
export const productPhotoSchema = z.object({
  id: z.number().int(),
  small: z.string(),
  large: z.string(),
});
export type ProductPhoto = z.infer<typeof productPhotoSchema>;

/** A product as lists show it: the summary plus what a product card needs. */
export const productCardSchema = productSummarySchema.extend({
  slug: z.string(),
  /** The first uploaded image (its 400 px version), else the generated demo art. */
  image: z.string(),
  /** The first uploaded image in both sizes; null for a product shown with its generated art. */
  photo: productPhotoSchema.nullable(),
  min_price: decimal,
  regular_min_price: decimal,
  /** The variants do not all cost the same: min_price is the cheapest ('From $75.99'). */
  price_varies: z.boolean(),
  on_sale: z.boolean(),
  in_stock: z.boolean(),
  featured: z.boolean(),
  rating: z.number(),
  review_count: z.number().int(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

const productAttributeSchema = z.object({
  name: z.string(),
  values: z.array(z.string()),
});
export type ProductAttribute = z.infer<typeof productAttributeSchema>;

export const productDetailSchema = productCardSchema.extend({
  description: z.string(),
  /** The uploaded images (1200 px versions) in order, else the generated demo art. */
  images: z.array(z.string()),
  /** The uploaded images in order, both sizes; empty for a product shown with its generated art. */
  photos: z.array(productPhotoSchema),
  attributes: z.array(productAttributeSchema),
  variants: z.array(variantSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** 'relevance' (best match first) is the default order of a search; 'newest' of everything else. */
const productSortSchema = z.enum(['relevance', 'newest', 'price_asc', 'price_desc', 'name']);
export type ProductSort = z.infer<typeof productSortSchema>;

const boolParam = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** GET products: every filter the list screen offers, all optional. */
export const productListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  category: z.string().trim().max(100).optional(),
  min_price: z.coerce.number().min(0).max(1_000_000).optional(),
  max_price: z.coerce.number().min(0).max(1_000_000).optional(),
  on_sale: boolParam.optional(),
  in_stock: boolParam.optional(),
  featured: boolParam.optional(),
  exclude: z.coerce.number().int().positive().optional(),
  sort: productSortSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(24),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

export const pageMetaSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
  /** false when the list counted only this far (large catalogues): there are more than `total`. */
  total_exact: z.boolean().optional(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const productListResponseSchema = z.object({
  data: z.array(productCardSchema),
  meta: pageMetaSchema,
  /**
   * A search only: 'all' when every word matched, 'some' when no product matched them all and the
   * list holds those matching some of them; `suggestion` is a search that finds products when this
   * one found none ('Did you mean').
   */
  search: z.object({ match: z.enum(['all', 'some', 'none']), suggestion: z.string().optional() }).optional(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** GET products/suggest: what the shopper has typed so far (the last word may be unfinished). */
export const productSuggestQuerySchema = z.object({
  q: z.string().trim().max(100),
  limit: z.coerce.number().int().min(1).max(10).default(6),
});

/** A suggestion under the search field: just enough for a line with a thumbnail and a price. */
const productSuggestionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  /** The card's image (400 px): the first upload, else the generated demo art. */
  image: z.string(),
  min_price: decimal,
  price_varies: z.boolean(),
});
export type ProductSuggestion = z.infer<typeof productSuggestionSchema>;
export const productSuggestResponseSchema = z.object({ data: z.array(productSuggestionSchema) });
export type ProductSuggestResponse = z.infer<typeof productSuggestResponseSchema>;
