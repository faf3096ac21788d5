ALTER TABLE "products" ADD COLUMN "card" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A product's list card (what toCard says, checked for every product by catalog.test.ts) as JSON text,
-- kept on the row by a trigger whoever changes it: a list or search page concatenates 24 of them
-- instead of building each with json_build_object (about half of a list page's PostgreSQL CPU).
CREATE OR REPLACE FUNCTION store_product_card() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.card := json_build_object(
    'id', NEW.id, 'name', NEW.name, 'category', (SELECT c.name FROM categories c WHERE c.id = NEW.category_id),
    'type', NEW.type, 'published', NEW.published, 'subscribers', NEW.subscribers,
    'created_by', NEW.created_by, 'last_modified_by', NEW.last_modified_by,
    'created_at', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'last_modified_at', to_char(NEW.last_modified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'slug', NEW.slug,
    'image', CASE WHEN NEW.cover_image IS NULL THEN '/api/media/products/' || NEW.id || '/1.svg'
      ELSE '/api/media/uploads/products/' || NEW.id || '/' || NEW.cover_image || '-400.webp' END,
    'photo', CASE WHEN NEW.cover_image IS NULL THEN NULL ELSE json_build_object(
      'id', substring(NEW.cover_image from '^[0-9]+')::int,
      'small', '/api/media/uploads/products/' || NEW.id || '/' || NEW.cover_image || '-400.webp',
      'large', '/api/media/uploads/products/' || NEW.id || '/' || NEW.cover_image || '-1200.webp') END,
    'min_price', ((NEW.min_price_cents)::numeric / 100)::numeric(14, 2)::text,
    'regular_min_price', ((NEW.regular_min_price_cents)::numeric / 100)::numeric(14, 2)::text,
    'price_varies', NEW.price_varies, 'on_sale', NEW.on_sale, 'in_stock', NEW.in_stock, 'featured', NEW.featured,
    'rating', floor((NEW.rating)::text::float8 * 10 + 0.5) / 10,
    'review_count', NEW.review_count)::text;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_card BEFORE INSERT OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION store_product_card();--> statement-breakpoint
-- The card names the category: a rename rewrites its products' cards (the trigger above does the work).
CREATE OR REPLACE FUNCTION store_category_cards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET card = '' WHERE category_id = NEW.id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_cards_rename AFTER UPDATE OF name ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION store_category_cards();--> statement-breakpoint
UPDATE products SET card = '';
