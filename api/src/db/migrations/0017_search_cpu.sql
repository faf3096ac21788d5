-- Searches at 100,000 products for less of PostgreSQL's CPU (PostgreSQL only, like 0013 to 0016; PGlite keeps
-- the join, and search.test.ts compares the two).
-- 1. store_word_ids and store_posting_union in PL/pgSQL: as SQL functions that cannot be inlined (a
--    subquery, a FROM), PostgreSQL planned their statement again at every call of every request; PL/pgSQL
--    keeps each connection's plan. 'leather bag' from $10 to $80, one client: 0.86 -> 0.61 ms (pgbench).
-- 2. Sorting by price from the matches' word cells (0016) instead of the catalogue's price grid (0015):
--    every product of the matches has the rarer word, whose $10 cells hold only its products, so the
--    cells intersected until rank `last` are that word's share of the catalogue's ($10 cells of ~3,300
--    products at 100,000).
-- 3. product_search (product_id) with min_price_cents: the prices of a few matches (the page sorted by
--    price, the cents a price range's end cuts) read from the index alone.
DO $$
BEGIN
  IF version() NOT LIKE '%emscripten%' THEN
    CREATE INDEX product_search_id_price ON product_search (product_id) INCLUDE (min_price_cents);

    -- store_word_ids of 0015, the same in PL/pgSQL.
    CREATE OR REPLACE FUNCTION store_word_ids(g text[], n integer) RETURNS integer[] LANGUAGE plpgsql STABLE AS $f$
    BEGIN
      IF n = 0 THEN RETURN '{}'; END IF;
      IF n = 1 THEN RETURN (SELECT p.ids FROM search_postings p WHERE p.term = ANY(g)); END IF;
      RETURN (SELECT store_int_union(p.ids) FROM search_postings p WHERE p.term = ANY(g));
    END
    $f$;

    -- store_posting_union of 0014, the same in PL/pgSQL.
    CREATE OR REPLACE FUNCTION store_posting_union(terms text[], at_weight integer) RETURNS integer[]
    LANGUAGE plpgsql STABLE AS $f$
    BEGIN
      RETURN (SELECT coalesce(store_int_union(p.ids), '{}') FROM search_postings p
        WHERE p.term = ANY(terms) AND p.weight = at_weight);
    END
    $f$;

    -- store_sorted_slice of 0015 where every product of m has one of the catalogue words g (null: not
    -- known): by price, the $10 cells of g's products (search_price_postings, 0016) in price order until
    -- one reaches rank `last`, then that cell's dollars from the catalogue's grid, as there; other
    -- orders, or g not known, as there.
    CREATE FUNCTION store_sorted_slice(m integer[], g text[], sort text, lo integer, hi integer, first integer,
      last integer) RETURNS integer[] LANGUAGE plpgsql STABLE AS $f$
    DECLARE
      ascending boolean := sort = 'price_asc';
      cell integer; k integer; part integer[]; cand integer[] := '{}';
    BEGIN
      IF g IS NULL OR sort NOT IN ('price_asc', 'price_desc') THEN
        RETURN store_sorted_slice(m, sort, lo, hi, first, last);
      END IF;
      FOR cell, part IN SELECT p.cell, store_int_union(p.ids) FROM search_price_postings p
          WHERE p.term = ANY(g) AND p.cell BETWEEN coalesce(lo, 0) / 1000 AND coalesce(hi, 2147483647) / 1000
          GROUP BY p.cell ORDER BY CASE WHEN ascending THEN p.cell ELSE -p.cell END LOOP
        part := m & part;
        IF icount(cand) + icount(part) < last THEN
          cand := cand | part;
        ELSE
          FOR k IN SELECT f.key FROM search_facets f WHERE f.kind = 'p0' AND f.key BETWEEN cell * 10 AND cell * 10 + 9
              ORDER BY CASE WHEN ascending THEN f.key ELSE -f.key END LOOP
            cand := cand | (part & (SELECT f.ids FROM search_facets f WHERE f.kind = 'p0' AND f.key = k));
            EXIT WHEN icount(cand) >= last;
          END LOOP;
          EXIT;
        END IF;
      END LOOP;
      RETURN ARRAY(SELECT s.product_id FROM product_search s WHERE s.product_id = ANY(cand)
        ORDER BY CASE WHEN ascending THEN s.min_price_cents ELSE -s.min_price_cents END,
          CASE WHEN ascending THEN s.product_id ELSE -s.product_id END
        OFFSET first - 1 LIMIT last - first + 1);
    END
    $f$;

    -- store_facet_page of 0016, sorting by price from the word cells (store_sorted_slice above).
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
        -- Every product of m has the rarer word (or, some of the words, one of them): its word cells.
        ids := store_sorted_slice(m, CASE WHEN match = 'some' THEN g0 || g1
          WHEN g1 IS NULL OR icount(a) <= icount(b) THEN g0 ELSE g1 END, sort, lo, hi, first, last);
      END IF;
    END
    $f$;

    -- store_many_words_page of 0016, sorting by price from the word cells (store_sorted_slice above).
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
        -- Every product of m has the rarest word (or, some of the words, one of them): its word cells.
        ids := store_sorted_slice(m, CASE WHEN match = 'all' THEN rare ELSE g END, sort, lo, hi, first, last);
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
