-- Each catalogue word's products by $10 price cell (PostgreSQL only, like 0013 and 0015): a search with a
-- price range narrowed its matches m with the price grid of 0015, intersecting m with every cell inside
-- the range, whose size is that of the catalogue's share in the range, not of the search's (10..80
-- dollars: eight cells, 51,600 of 100,000 products, ~0.5 ms for 'sneakers' with 1,390 matches). Here
-- the cells of one of the search's words hold only that word's products: m (every product of which has
-- the word) within whole $10 cells is m & those cells (store_word_price_filter); the dollars and cents
-- at the range's ends are still read from the grid of 0015 (store_price_filter).
-- Kept current by statement triggers on product_search, as the facet lists are: only the lists a write
-- changes (a product's words, its price crossing a $10 step, its publication) are written.
-- Not on PGlite (no intarray there: see 0013); PGlite keeps the join, and search.test.ts compares the two.
DO $$
BEGIN
  IF version() NOT LIKE '%emscripten%' THEN
    CREATE TABLE search_price_postings (
      term text NOT NULL,
      cell integer NOT NULL,
      ids integer[] NOT NULL,
      CONSTRAINT search_price_postings_pkey PRIMARY KEY (term, cell)
    );
    ALTER TABLE search_price_postings ALTER COLUMN ids SET STORAGE EXTERNAL;

    INSERT INTO search_price_postings (term, cell, ids)
    SELECT l.lexeme, s.min_price_cents / 1000, array_agg(s.product_id ORDER BY s.product_id)
    FROM product_search s, unnest(s.document) AS l
    WHERE s.published
    GROUP BY 1, 2;

    -- The columns of product_search the lists depend on, for the triggers below.
    CREATE TYPE store_price_posting_source AS (product_id integer, published boolean, min_price_cents integer,
      document tsvector);

    -- Patches the lists when rows `before` become rows `after` (either may be empty): as
    -- store_facets_apply (0015) patches the facet lists, locked in key order, a missing list inserted.
    CREATE FUNCTION store_price_postings_apply(before store_price_posting_source[], after store_price_posting_source[])
    RETURNS void LANGUAGE sql AS $f$
      WITH old AS (
        SELECT l.lexeme AS term, o.min_price_cents / 1000 AS cell, o.product_id
        FROM unnest(before) o, unnest(o.document) AS l WHERE o.published
      ), new AS (
        SELECT l.lexeme AS term, n.min_price_cents / 1000 AS cell, n.product_id
        FROM unnest(after) n, unnest(n.document) AS l WHERE n.published
      ), delta AS (
        SELECT x.*, false AS added FROM (SELECT * FROM old EXCEPT SELECT * FROM new) x
        UNION ALL SELECT y.*, true FROM (SELECT * FROM new EXCEPT SELECT * FROM old) y
      ), d AS MATERIALIZED (
        SELECT x.term, x.cell,
          coalesce(array_agg(x.product_id ORDER BY x.product_id) FILTER (WHERE NOT x.added), '{}') AS lost,
          coalesce(array_agg(x.product_id ORDER BY x.product_id) FILTER (WHERE x.added), '{}') AS gained
        FROM delta x GROUP BY x.term, x.cell
      ), locked AS (
        SELECT p.term, p.cell FROM search_price_postings p WHERE (p.term, p.cell) IN (SELECT d.term, d.cell FROM d)
        ORDER BY p.term, p.cell FOR UPDATE
      ), patched AS (
        UPDATE search_price_postings p SET ids = (p.ids - d.lost) | d.gained
        FROM d WHERE p.term = d.term AND p.cell = d.cell AND (SELECT count(*) FROM locked) >= 0
        RETURNING p.term, p.cell
      )
      INSERT INTO search_price_postings (term, cell, ids)
      SELECT d.term, d.cell, d.gained FROM d
      WHERE d.gained <> '{}' AND NOT EXISTS (SELECT 1 FROM search_price_postings p WHERE p.term = d.term AND p.cell = d.cell)
        AND (SELECT count(*) FROM patched) >= 0
      ORDER BY d.term, d.cell
      ON CONFLICT (term, cell) DO UPDATE SET ids = search_price_postings.ids | EXCLUDED.ids
    $f$;

    CREATE FUNCTION store_price_postings_insert() RETURNS trigger LANGUAGE plpgsql AS $f$
    DECLARE after store_price_posting_source[];
    BEGIN
      after := (SELECT array_agg(ROW(n.product_id, n.published, n.min_price_cents, n.document)::store_price_posting_source)
        FROM added n WHERE n.published);
      IF after IS NOT NULL THEN PERFORM store_price_postings_apply('{}', after); END IF;
      RETURN NULL;
    END
    $f$;
    -- Only the rows whose words, $10 price cell or publication changed (a stock change, a price change
    -- within its cell: none).
    CREATE FUNCTION store_price_postings_update() RETURNS trigger LANGUAGE plpgsql AS $f$
    DECLARE before store_price_posting_source[]; after store_price_posting_source[];
    BEGIN
      before := (SELECT array_agg(ROW(o.product_id, o.published, o.min_price_cents, o.document)::store_price_posting_source)
        FROM removed o WHERE NOT EXISTS (SELECT 1 FROM added n WHERE n.product_id = o.product_id
          AND n.published = o.published AND n.min_price_cents / 1000 = o.min_price_cents / 1000 AND n.document = o.document));
      after := (SELECT array_agg(ROW(n.product_id, n.published, n.min_price_cents, n.document)::store_price_posting_source)
        FROM added n WHERE NOT EXISTS (SELECT 1 FROM removed o WHERE o.product_id = n.product_id
          AND o.published = n.published AND o.min_price_cents / 1000 = n.min_price_cents / 1000 AND o.document = n.document));
      IF before IS NOT NULL OR after IS NOT NULL THEN
        PERFORM store_price_postings_apply(coalesce(before, '{}'), coalesce(after, '{}'));
      END IF;
      RETURN NULL;
    END
    $f$;
    CREATE FUNCTION store_price_postings_delete() RETURNS trigger LANGUAGE plpgsql AS $f$
    DECLARE before store_price_posting_source[];
    BEGIN
      before := (SELECT array_agg(ROW(o.product_id, o.published, o.min_price_cents, o.document)::store_price_posting_source)
        FROM removed o WHERE o.published);
      IF before IS NOT NULL THEN PERFORM store_price_postings_apply(before, '{}'); END IF;
      RETURN NULL;
    END
    $f$;
    CREATE TRIGGER product_search_price_postings_insert AFTER INSERT ON product_search
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION store_price_postings_insert();
    CREATE TRIGGER product_search_price_postings_update AFTER UPDATE ON product_search
      REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION store_price_postings_update();
    CREATE TRIGGER product_search_price_postings_delete AFTER DELETE ON product_search
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION store_price_postings_delete();
  END IF;
END
$$;
--> statement-breakpoint
-- The searches of 0015 narrow their matches by price with the word cells above where that reads less.
DO $$
BEGIN
  IF version() NOT LIKE '%emscripten%' THEN
    -- The products of m (sorted) priced within lo..hi cents, where every product of m has one of the
    -- catalogue words g, which have `size` products in all (null g: not known). The whole $10 cells
    -- inside the range from g's word cells, when they are few (at most 16: ranges up to $160) and g's
    -- products not many (at most 20,000): then g's products in those cells are fewer than the grid's. The
    -- ends of the range, in g's $10 cells on either side, as store_price_filter (0015) reads them: the
    -- whole dollars with the grid's dollar cells, a dollar a bound cuts (with cents) product by product.
    -- All in one statement, and one pass over m (g's products in the range, then m & those: for 'blue
    -- dress' falling back to 9,739 matches from $12.50 to $79.99, 0.53 -> 0.42 ms against m & each part).
    -- Otherwise the whole range from the grid (store_price_filter).
    -- Generic plans, here and in store_price_filter: with the values of a call, PostgreSQL finds a cheaper
    -- plan for these statements (an empty `cut` reads no cell, a one-element array reads one), so it
    -- planned them again on every call (~80 µs of a 160 µs call for 'sneakers' from $10 to $80).
    CREATE FUNCTION store_word_price_filter(m integer[], g text[], size integer, lo integer, hi integer)
    RETURNS integer[] LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $f$
    DECLARE
      a integer; b integer; whole integer[] := '{}'; cut integer[] := '{}';
    BEGIN
      lo := greatest(lo, 0);
      IF lo > hi OR icount(m) = 0 THEN RETURN '{}'; END IF;
      -- The whole $10 cells a..b inside lo..hi (hi + 1 cannot overflow below 2,147,483,647).
      a := (lo + 999) / 1000;
      b := (least(hi, 2147483646) + 1) / 1000 - 1;
      IF g IS NULL OR size > 20000 OR a > b OR b - a >= 16 THEN
        RETURN store_price_filter(m, lo, hi);
      END IF;
      -- The ends: the dollars lo / 100 .. a * 10 - 1 and (b + 1) * 10 .. hi / 100, at most ten each.
      IF lo < a * 1000 THEN
        whole := ARRAY(SELECT generate_series((lo + 99) / 100, a * 10 - 1));
        IF lo % 100 <> 0 THEN cut := ARRAY[lo / 100]; END IF;
      END IF;
      IF hi > b * 1000 + 999 THEN
        whole := whole || ARRAY(SELECT generate_series((b + 1) * 10, (hi + 1) / 100 - 1));
        IF hi % 100 <> 99 THEN cut := cut || hi / 100; END IF;
      END IF;
      -- g's products within the range (the $10 cells a - 1 and b + 1 hold the ends), then m's: one pass
      -- over m.
      RETURN m & (
        WITH e AS MATERIALIZED (
          SELECT coalesce(store_int_union(p.ids), '{}') AS ids FROM search_price_postings p WHERE p.term = ANY(g)
            AND p.cell IN (CASE WHEN lo < a * 1000 THEN a - 1 END, CASE WHEN hi > b * 1000 + 999 THEN b + 1 END)
        )
        SELECT (SELECT coalesce(store_int_union(p.ids), '{}') FROM search_price_postings p
            WHERE p.term = ANY(g) AND p.cell BETWEEN a AND b)
          | (e.ids & (SELECT coalesce(store_int_union(f.ids), '{}') FROM search_facets f
            WHERE f.kind = 'p0' AND f.key = ANY(whole)))
          | (SELECT coalesce(array_agg(s.product_id ORDER BY s.product_id), '{}') FROM product_search s
            WHERE s.product_id = ANY(e.ids & (SELECT coalesce(store_int_union(f.ids), '{}') FROM search_facets f
              WHERE f.kind = 'p0' AND f.key = ANY(cut)))
            AND s.min_price_cents BETWEEN lo AND hi)
        FROM e);
    END
    $f$;

    -- store_facet_filter of 0015, where every product of m has one of the catalogue words g (null: not
    -- known), which have `size` products: the price range from their word cells (store_word_price_filter).
    -- It replaces the one of 0015, whose only callers were the two functions below.
    DROP FUNCTION store_facet_filter(integer[], integer, text, integer, integer, boolean, boolean, boolean);
    CREATE FUNCTION store_facet_filter(m integer[], g text[], size integer, skip integer, category text, lo integer, hi integer,
      sale boolean, stock boolean, feat boolean) RETURNS integer[] LANGUAGE plpgsql STABLE AS $f$
    BEGIN
      IF skip IS NOT NULL THEN m := m - skip; END IF;
      IF category IS NOT NULL AND icount(m) > 0 THEN
        m := m & coalesce((SELECT f.ids FROM search_facets f WHERE f.kind = 'c'
          AND f.key = (SELECT c.id FROM categories c WHERE lower(c.name) = category)), '{}');
      END IF;
      IF sale AND icount(m) > 0 THEN
        m := m & coalesce((SELECT f.ids FROM search_facets f WHERE f.kind = 's' AND f.key = 0), '{}');
      END IF;
      IF stock AND icount(m) > 0 THEN
        m := m - coalesce((SELECT f.ids FROM search_facets f WHERE f.kind = 'o' AND f.key = 0), '{}');
      END IF;
      IF feat AND icount(m) > 0 THEN
        m := m & coalesce((SELECT f.ids FROM search_facets f WHERE f.kind = 'f' AND f.key = 0), '{}');
      END IF;
      IF (lo IS NOT NULL OR hi IS NOT NULL) AND icount(m) > 0 THEN
        m := store_word_price_filter(m, g, size, coalesce(lo, 0), coalesce(hi, 2147483647));
      END IF;
      RETURN m;
    END
    $f$;

    -- store_facet_page of 0015, narrowing by price from the word cells (store_facet_filter above).
    CREATE OR REPLACE FUNCTION store_facet_page(g0 text[], g1 text[], skip integer, category text, lo integer, hi integer,
      sale boolean, stock boolean, feat boolean, sort text, first integer, last integer, fallback boolean,
      OUT match text, OUT total integer, OUT ids integer[])
    LANGUAGE plpgsql STABLE AS $f$
    DECLARE
      na integer; wa smallint; nb integer := 0; wb smallint;
      a integer[]; b integer[]; m integer[]; x3 integer[]; x2 integer[]; x1 integer[]; y3 integer[]; y2 integer[]; y1 integer[];
      t1 integer[] := '{}'; t2 integer[] := '{}'; t3 integer[] := '{}'; t4 integer[] := '{}'; t5 integer[] := '{}';
    BEGIN
      -- Each word's posting rows: how many, and the weight of a word's only row.
      SELECT count(*) FILTER (WHERE p.term = ANY(g0)), min(p.weight) FILTER (WHERE p.term = ANY(g0)),
        count(*) FILTER (WHERE p.term = ANY(g1)), min(p.weight) FILTER (WHERE p.term = ANY(g1))
      INTO na, wa, nb, wb FROM search_postings p WHERE p.term = ANY(g0 || coalesce(g1, '{}'));
      a := store_word_ids(g0, na);
      b := CASE WHEN g1 IS NULL THEN NULL ELSE store_word_ids(g1, nb) END;
      m := CASE WHEN g1 IS NULL THEN a WHEN na = 0 OR nb = 0 THEN '{}'::integer[] ELSE a & b END;
      -- Every product of m has the rarer word: its word cells narrow m by price.
      m := CASE WHEN g1 IS NULL OR icount(a) <= icount(b)
        THEN store_facet_filter(m, g0, icount(a), skip, category, lo, hi, sale, stock, feat)
        ELSE store_facet_filter(m, g1, icount(b), skip, category, lo, hi, sale, stock, feat) END;
      match := 'all';
      IF icount(m) = 0 AND g1 IS NOT NULL AND fallback THEN
        m := a | b;
        m := store_facet_filter(m, g0 || g1, icount(m), skip, category, lo, hi, sale, stock, feat);
        match := 'some';
      END IF;
      total := icount(m);
      IF total = 0 THEN
        match := 'none';
        ids := '{}';
      ELSIF sort = 'relevance' THEN
        IF match = 'all' AND g1 IS NOT NULL THEN
          -- Within m, each word's best weight (x for the first word, y for the second); tiers 6..2.
          SELECT * INTO x3, x2, x1 FROM store_best_weights(m, g0, na, wa);
          SELECT * INTO y3, y2, y1 FROM store_best_weights(m, g1, nb, wb);
          t1 := x3 & y3;
          t2 := (x3 & y2) | (x2 & y3);
          t3 := (x3 & y1) | (x2 & y2) | (x1 & y3);
          t4 := (x2 & y1) | (x1 & y2);
          t5 := x1 & y1;
        ELSE
          -- One word, or some of two that no product here has both of: by the best weight.
          SELECT * INTO t1, t2, t3 FROM store_best_weights(m, g0 || coalesce(g1, '{}'), na + nb, coalesce(wa, wb));
        END IF;
        ids := store_ranked_slice('{}', t1, 0, first, last);
        ids := store_ranked_slice(ids, t2, icount(t1), first, last);
        ids := store_ranked_slice(ids, t3, icount(t1) + icount(t2), first, last);
        ids := store_ranked_slice(ids, t4, icount(t1) + icount(t2) + icount(t3), first, last);
        ids := store_ranked_slice(ids, t5, icount(t1) + icount(t2) + icount(t3) + icount(t4), first, last);
      ELSE
        ids := store_sorted_slice(m, sort, lo, hi, first, last);
      END IF;
    END
    $f$;

    -- store_many_words_page of 0015, narrowing by price from the word cells (store_facet_filter above).
    CREATE OR REPLACE FUNCTION store_many_words_page(g text[], gw integer[], words integer, skip integer, category text,
      lo integer, hi integer, sale boolean, stock boolean, feat boolean, sort text, first integer, last integer,
      fallback boolean, OUT match text, OUT total integer, OUT ids integer[])
    LANGUAGE plpgsql STABLE AS $f$
    DECLARE
      i integer; gi text[]; n integer[] := '{}'; w smallint[] := '{}'; ni integer; wi smallint;
      m integer[]; wx integer[]; rare text[]; rare_size integer; x3 integer[]; x2 integer[]; x1 integer[]; bonus integer[] := '{}';
      seen integer[] := '{}'; two integer[] := '{}'; part integer[]; ranked integer[];
      c3 integer[] := '{}'; c2 integer[] := '{}'; c1 integer[] := '{}'; t1 integer[]; t2 integer[]; t3 integer[];
    BEGIN
      FOR i IN 1..words LOOP
        gi := ARRAY(SELECT g[j] FROM generate_subscripts(g, 1) AS j WHERE gw[j] = i);
        SELECT count(*), min(p.weight) INTO ni, wi FROM search_postings p WHERE p.term = ANY(gi);
        n := n || ni; w := w || wi;
        wx := store_word_ids(gi, ni);
        -- The rarest word: every product of m has it, and its word cells narrow m by price.
        IF i = 1 OR icount(wx) < rare_size THEN rare := gi; rare_size := icount(wx); END IF;
        m := CASE WHEN i = 1 THEN wx WHEN ni = 0 THEN '{}'::integer[] ELSE m & wx END;
      END LOOP;
      m := store_facet_filter(m, rare, rare_size, skip, category, lo, hi, sale, stock, feat);
      match := 'all';
      IF icount(m) = 0 AND fallback THEN
        m := '{}';
        FOR i IN 1..words LOOP
          m := m | store_word_ids(ARRAY(SELECT g[j] FROM generate_subscripts(g, 1) AS j WHERE gw[j] = i), n[i]);
        END LOOP;
        m := store_facet_filter(m, g, icount(m), skip, category, lo, hi, sale, stock, feat);
        match := 'some';
      END IF;
      total := icount(m);
      IF total = 0 THEN
        match := 'none';
        ids := '{}';
      ELSIF sort <> 'relevance' THEN
        ids := store_sorted_slice(m, sort, lo, hi, first, last);
      ELSIF match = 'all' THEN
        -- A product's score is the number of words plus, per word, 2 where its best weight is 3 and 1 where
        -- it is 2: listed that many times in `bonus`.
        FOR i IN 1..words LOOP
          gi := ARRAY(SELECT g[j] FROM generate_subscripts(g, 1) AS j WHERE gw[j] = i);
          SELECT * INTO x3, x2, x1 FROM store_best_weights(m, gi, n[i], w[i]);
          bonus := bonus || x3 || x3 || x2;
        END LOOP;
        ids := ARRAY(SELECT x.id FROM unnest(m) AS x(id)
          LEFT JOIN (SELECT b AS id, count(*) AS c FROM unnest(bonus) AS b GROUP BY b) AS s ON s.id = x.id
          ORDER BY coalesce(s.c, 0) DESC, x.id DESC OFFSET first - 1 LIMIT last - first + 1);
      ELSE
        -- Some words: first the products having two or more (`two`: met again after being `seen`), ranked
        -- by 100 per word they have plus its best weight, summed; then those having one, by its weight.
        FOR i IN 1..words LOOP
          part := m & store_word_ids(ARRAY(SELECT g[j] FROM generate_subscripts(g, 1) AS j WHERE gw[j] = i), n[i]);
          two := two | (seen & part);
          seen := seen | part;
        END LOOP;
        IF icount(two) > 0 THEN
          FOR i IN 1..words LOOP
            gi := ARRAY(SELECT g[j] FROM generate_subscripts(g, 1) AS j WHERE gw[j] = i);
            SELECT * INTO x3, x2, x1 FROM store_best_weights(two & store_word_ids(gi, n[i]), gi, n[i], w[i]);
            c3 := c3 || x3; c2 := c2 || x2; c1 := c1 || x1;
          END LOOP;
          ranked := ARRAY(SELECT r.id FROM (
              SELECT x AS id, 103 AS v FROM unnest(c3) AS x UNION ALL SELECT x, 102 FROM unnest(c2) AS x
              UNION ALL SELECT x, 101 FROM unnest(c1) AS x) AS r
            GROUP BY r.id ORDER BY sum(r.v) DESC, r.id DESC);
          ids := coalesce(ranked[first:least(last, icount(two))], '{}');
        ELSE
          ids := '{}';
        END IF;
        SELECT * INTO t1, t2, t3 FROM store_best_weights(m - two, g,
          (SELECT sum(x)::integer FROM unnest(n) AS x), (SELECT min(x) FROM unnest(w) AS x));
        ids := store_ranked_slice(ids, t1, icount(two), first, last);
        ids := store_ranked_slice(ids, t2, icount(two) + icount(t1), first, last);
        ids := store_ranked_slice(ids, t3, icount(two) + icount(t1) + icount(t2), first, last);
      END IF;
    END
    $f$;
  END IF;
END
$$;
