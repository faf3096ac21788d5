-- Posting lists (PostgreSQL only): for each catalogue word and weight (3 name, 2 category or attribute
-- value, 1 description, as in search_words), the published products that have it, as one sorted integer
-- array. A search of both of two words intersects them with intarray's C operators (& | -) instead of
-- joining tens of thousands of search_words rows (service.ts, everyWordPage). STORAGE EXTERNAL: a long
-- list is stored out of line but not compressed, so reading it is a copy, not a decompression.
-- Not on PGlite: with PGlite 0.5.16, intarray created after pg_trgm (0004) breaks queries using pg_trgm (a
-- trigram `%` search returned no row at all, and the search plan statement hung); PGlite keeps the join,
-- which gives the same results (search.test.ts compares the two databases).
DO $$
BEGIN
  IF version() NOT LIKE '%emscripten%' THEN
    CREATE EXTENSION IF NOT EXISTS intarray;
    CREATE TABLE search_postings (
      term text NOT NULL,
      weight smallint NOT NULL,
      ids integer[] NOT NULL,
      CONSTRAINT search_postings_pkey PRIMARY KEY (term, weight)
    );
    ALTER TABLE search_postings ALTER COLUMN ids SET STORAGE EXTERNAL;
    -- The union of a set of sorted arrays (a search word standing for several catalogue words).
    CREATE AGGREGATE store_int_union(integer[]) (SFUNC = _int_union, STYPE = integer[], INITCOND = '{}');
    INSERT INTO search_postings (term, weight, ids)
    SELECT term, weight, array_agg(product_id ORDER BY product_id) FROM search_words WHERE published
    GROUP BY term, weight;
  END IF;
END
$$;--> statement-breakpoint
-- The statement triggers of 0012 now also patch the posting lists, before they rewrite search_words (whose
-- rows are then still the old ones): each (term, weight) list loses the products that no longer have it
-- published and gains those that now do. Only what changed is written: a stock or price change leaves the
-- document as it was, so it touches no list. The update reads the locked, latest list (ids - del | add),
-- so two writers of one list do not lose each other's change; the lists are locked in key order first
-- (the count of `locked`, an init plan read whole before the first row is updated). Where there are no
-- lists (PGlite), as in 0012.
CREATE OR REPLACE FUNCTION store_search_words_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass('search_postings') IS NOT NULL THEN
  WITH old AS (
    SELECT w.term, w.weight, w.product_id FROM search_words w
    WHERE w.published AND w.product_id IN (SELECT product_id FROM changed)
  ), new AS (
    SELECT l.lexeme AS term,
      (CASE WHEN 'A' = ANY(l.weights) THEN 3 WHEN 'B' = ANY(l.weights) THEN 2 ELSE 1 END)::smallint AS weight,
      c.product_id
    FROM changed c, unnest(c.document) AS l WHERE c.published
  ), delta AS (
    SELECT x.*, false AS added FROM (SELECT * FROM old EXCEPT SELECT * FROM new) x
    UNION ALL SELECT y.*, true FROM (SELECT * FROM new EXCEPT SELECT * FROM old) y
  )
  INSERT INTO search_postings (term, weight, ids)
  SELECT DISTINCT term, weight, '{}'::integer[] FROM delta WHERE added ORDER BY 1, 2
  ON CONFLICT (term, weight) DO NOTHING;

  WITH old AS (
    SELECT w.term, w.weight, w.product_id FROM search_words w
    WHERE w.published AND w.product_id IN (SELECT product_id FROM changed)
  ), new AS (
    SELECT l.lexeme AS term,
      (CASE WHEN 'A' = ANY(l.weights) THEN 3 WHEN 'B' = ANY(l.weights) THEN 2 ELSE 1 END)::smallint AS weight,
      c.product_id
    FROM changed c, unnest(c.document) AS l WHERE c.published
  ), delta AS (
    SELECT x.*, false AS added FROM (SELECT * FROM old EXCEPT SELECT * FROM new) x
    UNION ALL SELECT y.*, true FROM (SELECT * FROM new EXCEPT SELECT * FROM old) y
  ), locked AS (
    SELECT p.term, p.weight FROM search_postings p
    WHERE (p.term, p.weight) IN (SELECT term, weight FROM delta)
    ORDER BY p.term, p.weight FOR UPDATE
  )
  UPDATE search_postings p
  SET ids = (p.ids - d.del) | d.add
  FROM (
    SELECT term, weight,
      coalesce(array_agg(product_id ORDER BY product_id) FILTER (WHERE NOT added), '{}') AS del,
      coalesce(array_agg(product_id ORDER BY product_id) FILTER (WHERE added), '{}') AS add
    FROM delta GROUP BY term, weight
  ) d
  WHERE p.term = d.term AND p.weight = d.weight AND (SELECT count(*) FROM locked) >= 0;
  END IF;

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
  IF to_regclass('search_postings') IS NOT NULL THEN
  WITH del AS (
    SELECT w.term, w.weight, array_agg(w.product_id ORDER BY w.product_id) AS ids FROM search_words w
    WHERE w.published AND w.product_id IN (SELECT product_id FROM changed)
    GROUP BY w.term, w.weight
  ), locked AS (
    SELECT p.term, p.weight FROM search_postings p
    WHERE (p.term, p.weight) IN (SELECT term, weight FROM del)
    ORDER BY p.term, p.weight FOR UPDATE
  )
  UPDATE search_postings p SET ids = p.ids - del.ids
  FROM del WHERE p.term = del.term AND p.weight = del.weight AND (SELECT count(*) FROM locked) >= 0;
  END IF;
  DELETE FROM search_words WHERE product_id IN (SELECT product_id FROM changed);
  RETURN NULL;
END
$$;
