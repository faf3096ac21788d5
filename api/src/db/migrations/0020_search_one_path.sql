-- Search as one path on PostgreSQL and PGlite (issue 31, docs/decisions/0031-search-one-path.md).
-- Everything search defined in functions and triggers until now goes; its current definition is one file,
-- src/modules/search/R__search.sql, applied after the migrations whenever it changes (src/db/repeatable.ts),
-- which also fills search_lists. What the search reads: product_search (kept), search_terms (kept) and
-- search_lists (new: every sorted id list, words and filter cells alike), with intarray on both databases.
CREATE EXTENSION IF NOT EXISTS intarray;--> statement-breakpoint
-- The search functions of migrations 0004-0017 (and their triggers, by CASCADE); the card triggers of 0011 stay.
DO $$
DECLARE f record;
BEGIN
  FOR f IN SELECT p.oid::regprocedure AS signature, p.prokind FROM pg_proc p
      JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema() AND p.proname LIKE 'store\_%'
        AND p.proname NOT IN ('store_product_card', 'store_category_cards')
      ORDER BY p.prokind DESC LOOP
    EXECUTE format('DROP %s IF EXISTS %s CASCADE', CASE WHEN f.prokind = 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END, f.signature);
  END LOOP;
END
$$;--> statement-breakpoint
DROP TYPE IF EXISTS store_facet_source;--> statement-breakpoint
DROP TYPE IF EXISTS store_price_posting_source;--> statement-breakpoint
DROP TABLE IF EXISTS search_words, search_lexemes, search_postings, search_facets, search_price_postings;--> statement-breakpoint
DROP INDEX IF EXISTS product_search_document_idx;--> statement-breakpoint
DROP INDEX IF EXISTS product_search_id_price;--> statement-breakpoint
CREATE TABLE search_lists (
  kind text NOT NULL,
  key text COLLATE "C" NOT NULL,
  ids integer[] NOT NULL,
  CONSTRAINT search_lists_pkey PRIMARY KEY (kind, key)
);--> statement-breakpoint
-- Long lists are read whole: stored out of line, not compressed (a copy, not a decompression).
ALTER TABLE search_lists ALTER COLUMN ids SET STORAGE EXTERNAL;--> statement-breakpoint
-- A page sorted by price reads the last few products' prices from the index alone.
CREATE INDEX product_search_price_idx ON product_search (product_id) INCLUDE (min_price_cents);--> statement-breakpoint
CREATE TABLE repeatable_migrations (
  name text PRIMARY KEY,
  checksum text NOT NULL,
  applied_at timestamp with time zone DEFAULT now() NOT NULL
);
