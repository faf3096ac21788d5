CREATE TABLE "search_lexemes" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"term" text NOT NULL,
	"product_id" integer NOT NULL,
	"weight" smallint NOT NULL,
	"published" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_lexemes_prefix_idx" ON "search_lexemes" USING btree ("term" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_words_term_idx" ON "search_words" USING btree ("term" text_pattern_ops,"product_id","weight") WHERE "search_words"."published";--> statement-breakpoint
CREATE INDEX "search_words_rank_idx" ON "search_words" USING btree ("term" text_pattern_ops,"weight" DESC NULLS LAST,"product_id" DESC NULLS LAST) WHERE "search_words"."published";--> statement-breakpoint
CREATE INDEX "search_words_product_idx" ON "search_words" USING btree ("product_id");--> statement-breakpoint
-- search_words follows product_search, whoever writes it (store_refresh_product_search on every product,
-- variant and category change, store_product_search_sync on a publish or rename): statement triggers with
-- transition tables, so the bulk seed's one INSERT of 100,000 documents is one INSERT of their words.
-- Weight: the word's best in the document, A (name) 3, B (category, attribute values) 2, else 1.
-- search_lexemes only grows: a word no product uses any more matches nothing.
CREATE OR REPLACE FUNCTION store_search_words_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_words WHERE product_id IN (SELECT product_id FROM changed);
  INSERT INTO search_words (term, product_id, weight, published)
  SELECT l.lexeme, c.product_id,
    CASE WHEN 'A' = ANY(l.weights) THEN 3 WHEN 'B' = ANY(l.weights) THEN 2 ELSE 1 END, c.published
  FROM changed c, unnest(c.document) AS l;
  INSERT INTO search_lexemes (term)
  SELECT DISTINCT l.lexeme FROM changed c, unnest(c.document) AS l
  ON CONFLICT (term) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION store_search_words_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_words WHERE product_id IN (SELECT product_id FROM changed);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_search_words_insert AFTER INSERT ON product_search
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION store_search_words_write();--> statement-breakpoint
CREATE TRIGGER product_search_words_update AFTER UPDATE ON product_search
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION store_search_words_write();--> statement-breakpoint
CREATE TRIGGER product_search_words_delete AFTER DELETE ON product_search
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION store_search_words_delete();--> statement-breakpoint
INSERT INTO search_words (term, product_id, weight, published)
SELECT l.lexeme, s.product_id,
  CASE WHEN 'A' = ANY(l.weights) THEN 3 WHEN 'B' = ANY(l.weights) THEN 2 ELSE 1 END, s.published
FROM product_search s, unnest(s.document) AS l;--> statement-breakpoint
INSERT INTO search_lexemes (term) SELECT DISTINCT term FROM search_words ON CONFLICT (term) DO NOTHING;
