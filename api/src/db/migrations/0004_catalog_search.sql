-- The shop search's typo tolerance (search_terms) needs pg_trgm; PGlite loads it in src/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_document_idx" ON "product_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_pub_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_pub_price_idx" ON "products" USING btree ("min_price_cents","id") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_pub_name_idx" ON "products" USING btree ("name","id") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_pub_category_created_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_pub_category_price_idx" ON "products" USING btree ("category_id","min_price_cents","id") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_pub_featured_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."published" and "products"."featured";--> statement-breakpoint
-- Rebuilds the search documents of the given products (all when NULL) and adds their words to the
-- vocabulary that typos are corrected to. Called by recomputeProductPrices and on a category rename.
-- Two branches rather than "ids IS NULL OR ...", which would plan a full scan for a one-product edit.
CREATE OR REPLACE FUNCTION store_refresh_product_search(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL THEN
    INSERT INTO product_search (product_id, document)
    SELECT p.id,
        setweight(to_tsvector('english', p.name), 'A')
      || setweight(to_tsvector('english', c.name || ' ' || coalesce(a.words, '')), 'B')
      || setweight(to_tsvector('english', p.description), 'C')
    FROM products p
    JOIN categories c ON c.id = p.category_id
    LEFT JOIN (
      SELECT v.product_id, string_agg(DISTINCT e.value, ' ') AS words
      FROM variants v, jsonb_each_text(v.attributes) e
      GROUP BY v.product_id
    ) a ON a.product_id = p.id
    ON CONFLICT (product_id) DO UPDATE SET document = EXCLUDED.document;
    INSERT INTO search_terms (term)
    SELECT DISTINCT w FROM (
      SELECT regexp_split_to_table(lower(t), '[^[:alnum:]]+') AS w FROM (
        SELECT DISTINCT p.name AS t FROM products p
        UNION SELECT c.name FROM categories c
        UNION SELECT DISTINCT e.value FROM variants v, jsonb_each_text(v.attributes) e
      ) texts
    ) words
    WHERE length(w) >= 3
    ON CONFLICT (term) DO NOTHING;
  ELSE
    INSERT INTO product_search (product_id, document)
    SELECT p.id,
        setweight(to_tsvector('english', p.name), 'A')
      || setweight(to_tsvector('english', c.name || ' ' || coalesce(a.words, '')), 'B')
      || setweight(to_tsvector('english', p.description), 'C')
    FROM products p
    JOIN categories c ON c.id = p.category_id
    LEFT JOIN (
      SELECT v.product_id, string_agg(DISTINCT e.value, ' ') AS words
      FROM variants v, jsonb_each_text(v.attributes) e
      WHERE v.product_id = ANY(ids)
      GROUP BY v.product_id
    ) a ON a.product_id = p.id
    WHERE p.id = ANY(ids)
    ON CONFLICT (product_id) DO UPDATE SET document = EXCLUDED.document;
    INSERT INTO search_terms (term)
    SELECT DISTINCT w FROM (
      SELECT regexp_split_to_table(lower(t), '[^[:alnum:]]+') AS w FROM (
        SELECT DISTINCT p.name AS t FROM products p WHERE p.id = ANY(ids)
        UNION SELECT c.name FROM categories c
        UNION SELECT DISTINCT e.value FROM variants v, jsonb_each_text(v.attributes) e
          WHERE v.product_id = ANY(ids)
      ) texts
    ) words
    WHERE length(w) >= 3
    ON CONFLICT (term) DO NOTHING;
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION store_category_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM store_refresh_product_search(ARRAY(SELECT id FROM products WHERE category_id = NEW.id));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_search_rename AFTER UPDATE OF name ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION store_category_renamed();--> statement-breakpoint
SELECT store_refresh_product_search(NULL);
