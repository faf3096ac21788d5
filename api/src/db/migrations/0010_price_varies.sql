ALTER TABLE "products" ADD COLUMN "price_varies" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A list card's 'From' was a lookup in variants per card (24 index scans a page); now a column that
-- recomputeProductPrices keeps with the other list columns. Filled here from the variants.
UPDATE "products" p SET "price_varies" = true
FROM (
  SELECT product_id FROM variants
  GROUP BY product_id
  HAVING min(CASE WHEN sale_price_cents > 0 THEN sale_price_cents ELSE regular_price_cents END)
    <> max(CASE WHEN sale_price_cents > 0 THEN sale_price_cents ELSE regular_price_cents END)
) v
WHERE p.id = v.product_id;
