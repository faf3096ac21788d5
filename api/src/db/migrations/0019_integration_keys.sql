-- Integrator keys (issue 29): a publishable key names the origins whose pages may embed the catalogue
-- with it, optionally one category, an expiry; revoking keeps the row for its statistics.
CREATE TABLE "integration_keys" (
  "id" serial PRIMARY KEY NOT NULL,
  "key" text NOT NULL UNIQUE,
  "name" text NOT NULL,
  "allowed_origins" text[] NOT NULL,
  "category_id" integer REFERENCES "categories"("id") ON DELETE SET NULL,
  "expires_at" timestamp with time zone,
  "revoked_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "views" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- A visitor's "Add to cart" on an integrator's page: redeemed once by the signed-in shopper at the store.
CREATE TABLE "integration_handoffs" (
  "id" text PRIMARY KEY NOT NULL,
  "key_id" integer NOT NULL REFERENCES "integration_keys"("id") ON DELETE CASCADE,
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "variant_id" integer NOT NULL REFERENCES "variants"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "redeemed_at" timestamp with time zone,
  "redeemed_by" integer REFERENCES "users"("id") ON DELETE SET NULL
);--> statement-breakpoint
CREATE INDEX "integration_handoffs_key_idx" ON "integration_handoffs" ("key_id");--> statement-breakpoint
-- The key a cart line came through, carried onto the order that buys it.
ALTER TABLE "cart_items" ADD COLUMN "integration_key_id" integer REFERENCES "integration_keys"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "integration_key_id" integer REFERENCES "integration_keys"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "orders_integration_key_idx" ON "orders" ("integration_key_id") WHERE "integration_key_id" IS NOT NULL;
