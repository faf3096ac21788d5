import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { StoredAddress } from '@store/contracts';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** argon2id PHC string, or '!' for an account that cannot sign in with a password. */
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['REGULAR', 'ADMIN'] })
      .notNull()
      .default('REGULAR'),
    isActive: boolean('is_active').notNull().default(true),
    dateJoined: timestamp('date_joined', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // Usernames are unique whatever their case (issue 11.9): 'Shopper' cannot pose as 'shopper'.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull().unique(),
    family: text('family').notNull(),
    /** sha256 of the token: the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.family), index('refresh_tokens_user_idx').on(t.userId)],
);

export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/** Names are unique whatever their case ("Shoes" and "shoes" are one category). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    description: text('description').notNull().default(''),
    /** Hue (0-359) of the generated image. */
    hue: integer('hue').notNull().default(210),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('categories_name_lower_idx').on(sql`lower(${t.name})`)],
);

/** Names are unique whatever their case; variants carry them as the keys of their `attributes`. */
export const attributes = pgTable(
  'attributes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    values: jsonb('values').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('attributes_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    type: text('type').notNull().default('VARIABLE'),
    published: boolean('published').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    subscribers: integer('subscribers').notNull().default(0),
    rating: real('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    hue: integer('hue').notNull().default(210),
    imageCount: integer('image_count').notNull().default(3),
    /** The first uploaded image's file stem (`{imageId}-{hash}`), null while the product shows its generated art. */
    coverImage: text('cover_image'),
    createdBy: text('created_by'),
    lastModifiedBy: text('last_modified_by'),
    createdAt: createdAt(),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // Denormalised from the variants (kept by recomputeProductPrices) so lists filter and sort on indexes.
    minPriceCents: integer('min_price_cents').notNull().default(0),
    regularMinPriceCents: integer('regular_min_price_cents').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(false),
    inStock: boolean('in_stock').notNull().default(false),
    /** Whether the variants' unit prices differ (the card says 'From'): read by every list card. */
    priceVaries: boolean('price_varies').notNull().default(false),
    /**
     * The product's list card as JSON text, written by the `products_card` trigger on every insert and
     * update (and on a category rename), so a list page reads 24 texts instead of building 24 objects.
     */
    card: text('card').notNull().default(''),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    // The list's orders, over published products only (what the storefront reads), with the id as tie-break.
    index('products_pub_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.published}`),
    index('products_pub_price_idx')
      .on(t.minPriceCents, t.id)
      .where(sql`${t.published}`),
    index('products_pub_name_idx')
      .on(t.name, t.id)
      .where(sql`${t.published}`),
    index('products_pub_category_created_idx')
      .on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.published}`),
    index('products_pub_category_price_idx')
      .on(t.categoryId, t.minPriceCents, t.id)
      .where(sql`${t.published}`),
    index('products_pub_featured_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.published} and ${t.featured}`),
  ],
);

export const variants = pgTable(
  'variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull().unique(),
    salePriceCents: integer('sale_price_cents').notNull().default(0),
    regularPriceCents: integer('regular_price_cents').notNull(),
    stock: integer('stock').notNull().default(0),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('variants_product_idx').on(t.productId)],
);

/**
 * Images an admin uploaded for a product, in display order. The files are WebP versions 400 and
 * 1200 px wide in the storage folder, named `{id}-{hash}-{width}.webp` (`stem` is `{id}-{hash}`).
 */
export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    stem: text('stem').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** The uploaded original's size in pixels and its type as read from its bytes. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sourceType: text('source_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    /** The integrator key whose hand-off put this line in the cart (migration 0018). */
    integrationKeyId: integer('integration_key_id').references(() => integrationKeys.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('cart_items_line_idx').on(t.cartId, t.productId, t.variantId)],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['PENDING', 'PAID', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED'] })
      .notNull()
      .default('PENDING'),
    /** CARD is legacy (orders recorded before payment providers); checkout offers the other two. */
    paymentMethod: text('payment_method', { enum: ['PAY_LATER', 'CASH_ON_DELIVERY', 'CARD'] }).notNull(),
    /** subtotalCents + deliveryCents. */
    totalCents: integer('total_cents').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    deliveryMethod: text('delivery_method', { enum: ['STANDARD', 'EXPRESS'] })
      .notNull()
      .default('STANDARD'),
    deliveryCents: integer('delivery_cents').notNull().default(0),
    itemCount: integer('item_count').notNull(),
    /** The address as one line (older orders have only this). */
    shippingAddress: text('shipping_address').notNull(),
    /** The structured address checkout collects (null on older orders). */
    address: jsonb('address').$type<StoredAddress>(),
    createdAt: createdAt(),
    /** Pay later: when the invoice is due. */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true, mode: 'date' }),
    /** When a payment was confirmed (pay later: marked paid by the admin); null while unpaid. */
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** The integrator key one of its lines came through (a hand-off), if any. */
    integrationKeyId: integer('integration_key_id').references(() => integrationKeys.id, { onDelete: 'set null' }),
  },
  (t) => [index('orders_user_idx').on(t.userId), index('orders_created_idx').on(t.createdAt)],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // No foreign keys: an order keeps its lines when a product is deleted.
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id').notNull(),
    name: text('name').notNull(),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    sku: text('sku').notNull().default(''),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/** Every status an order has had; written by a trigger on orders, whoever changes the status. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['PENDING', 'PAID', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

/**
 * Idempotency keys of changes (any POST, PUT, PATCH, DELETE with an `Idempotency-Key` header; see
 * src/lib/idempotency.ts): the first request with a key claims it (status 0) and stores its answer,
 * so a repeat (from any API process) gets that answer. Order submissions claim and answer in the
 * order's own transaction. Keys are per user; `user_id` is null for changes made while signed out.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of the request, to refuse the same key with a different request. */
    requestHash: text('request_hash').notNull(),
    /** 0 while the first request is running. */
    statusCode: integer('status_code').notNull(),
    /** The JSON answer (null: an answer without a body). */
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_idx').on(sql`coalesce(${t.userId}, 0)`, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/** Publishable integrator keys (issue 29): who may embed the catalogue, from which origins. */
export const integrationKeys = pgTable('integration_keys', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  allowedOrigins: text('allowed_origins').array().notNull(),
  categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  /** Catalogue reads through the key (each grid or product an embed shows). */
  views: integer('views').notNull().default(0),
});

/** An embed's "Add to cart": redeemed once, by a signed-in shopper at the store. */
export const integrationHandoffs = pgTable(
  'integration_handoffs',
  {
    id: text('id').primaryKey(),
    keyId: integer('key_id')
      .notNull()
      .references(() => integrationKeys.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true, mode: 'date' }),
    redeemedBy: integer('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('integration_handoffs_key_idx').on(t.keyId)],
);

/**
 * Repeatable migrations applied (src/db/repeatable.ts): each R__*.sql file by name, with the sha256 of the
 * text applied last.
 */
export const repeatableMigrations = pgTable('repeatable_migrations', {
  name: text('name').primaryKey(),
  checksum: text('checksum').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
