ALTER TABLE "product_search" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "category_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "min_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "on_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "in_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_search" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The search documents now carry what the list filters and sorts by (published, featured, category,
-- name, lowest price, on sale, in stock, created), so a search filters and ranks its matches in this one
-- table: at 100,000 products a broad search no longer looks each of thousands of matches up in products.
-- Same function as 0004, writing the copies too.
CREATE OR REPLACE FUNCTION store_refresh_product_search(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL THEN
    INSERT INTO product_search (product_id, document, published, featured, category_id, name, min_price_cents, on_sale, in_stock, created_at)
    SELECT p.id,
        setweight(to_tsvector('english', p.name), 'A')
      || setweight(to_tsvector('english', c.name || ' ' || coalesce(a.words, '')), 'B')
      || setweight(to_tsvector('english', p.description), 'C'),
      p.published, p.featured, p.category_id, p.name, p.min_price_cents, p.on_sale, p.in_stock, p.created_at
    FROM products p
    JOIN categories c ON c.id = p.category_id
    LEFT JOIN (
      SELECT v.product_id, string_agg(DISTINCT e.value, ' ') AS words
      FROM variants v, jsonb_each_text(v.attributes) e
      GROUP BY v.product_id
    ) a ON a.product_id = p.id
    ON CONFLICT (product_id) DO UPDATE SET document = EXCLUDED.document, published = EXCLUDED.published,
      featured = EXCLUDED.featured, category_id = EXCLUDED.category_id, name = EXCLUDED.name,
      min_price_cents = EXCLUDED.min_price_cents, on_sale = EXCLUDED.on_sale, in_stock = EXCLUDED.in_stock,
      created_at = EXCLUDED.created_at;
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
    INSERT INTO product_search (product_id, document, published, featured, category_id, name, min_price_cents, on_sale, in_stock, created_at)
    SELECT p.id,
        setweight(to_tsvector('english', p.name), 'A')
      || setweight(to_tsvector('english', c.name || ' ' || coalesce(a.words, '')), 'B')
      || setweight(to_tsvector('english', p.description), 'C'),
      p.published, p.featured, p.category_id, p.name, p.min_price_cents, p.on_sale, p.in_stock, p.created_at
    FROM products p
    JOIN categories c ON c.id = p.category_id
    LEFT JOIN (
      SELECT v.product_id, string_agg(DISTINCT e.value, ' ') AS words
      FROM variants v, jsonb_each_text(v.attributes) e
      WHERE v.product_id = ANY(ids)
      GROUP BY v.product_id
    ) a ON a.product_id = p.id
    WHERE p.id = ANY(ids)
    ON CONFLICT (product_id) DO UPDATE SET document = EXCLUDED.document, published = EXCLUDED.published,
      featured = EXCLUDED.featured, category_id = EXCLUDED.category_id, name = EXCLUDED.name,
      min_price_cents = EXCLUDED.min_price_cents, on_sale = EXCLUDED.on_sale, in_stock = EXCLUDED.in_stock,
      created_at = EXCLUDED.created_at;
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
-- Any other change to those product columns (publish, feature, rename, a price recomputed, a move to
-- another category) is copied at once, whoever makes it.
CREATE OR REPLACE FUNCTION store_product_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search SET published = NEW.published, featured = NEW.featured, category_id = NEW.category_id,
    name = NEW.name, min_price_cents = NEW.min_price_cents, on_sale = NEW.on_sale, in_stock = NEW.in_stock,
    created_at = NEW.created_at
  WHERE product_id = NEW.id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_sync AFTER UPDATE OF published, featured, category_id, name, min_price_cents, on_sale, in_stock, created_at
  ON products FOR EACH ROW
  WHEN ((OLD.published, OLD.featured, OLD.category_id, OLD.name, OLD.min_price_cents, OLD.on_sale, OLD.in_stock, OLD.created_at)
    IS DISTINCT FROM (NEW.published, NEW.featured, NEW.category_id, NEW.name, NEW.min_price_cents, NEW.on_sale, NEW.in_stock, NEW.created_at))
  EXECUTE FUNCTION store_product_search_sync();--> statement-breakpoint
UPDATE product_search s SET published = p.published, featured = p.featured, category_id = p.category_id, name = p.name,
  min_price_cents = p.min_price_cents, on_sale = p.on_sale, in_stock = p.in_stock, created_at = p.created_at
FROM products p WHERE p.id = s.product_id;
