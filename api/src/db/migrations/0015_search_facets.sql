-- Facet lists (PostgreSQL only, like the posting lists of 0013): for each value a search can be filtered
-- on, the published products that have it, as one sorted integer array, so that a filtered search (or
-- one sorted by price) narrows its matches with intarray's C operators instead of looking each match up
-- in product_search (about 1 µs a match: 'black boots' with a price range, 2,783 matches, took 2.8 ms).
-- Kinds and keys:
--   'c'  category id: the category's products;
--   's'  0: on sale;  'o' 0: out of stock (the short list: "in stock" is every other);  'f' 0: featured;
--   'p0'..'p3' a price grid: min_price_cents / 100, / 1,000, / 10,000, / 100,000 ($1, $10, $100 and
--   $1,000 wide). A price range is the union of the few widest cells inside it; only products in a cell
--   the range cuts inside a dollar are checked one by one (store_price_filter);
--   'd0' the day a product was created (days since 1970, UTC), 'd1' that day / 32: newest first reads
--   these cells newest first (store_sorted_slice), as lowest price first reads the price grid's;
--   'n1' the first byte of the name (UTF-8), 'n0' the first two (256 b0 + b1): by name, where the
--   database orders text byte by byte (C collation), these cells in order.
-- Not on PGlite (no intarray there: see 0013); PGlite keeps the join, and search.test.ts compares the two.
DO $$
BEGIN
  IF version() NOT LIKE '%emscripten%' THEN
    CREATE TABLE search_facets (
      kind text NOT NULL,
      key integer NOT NULL,
      ids integer[] NOT NULL,
      CONSTRAINT search_facets_pkey PRIMARY KEY (kind, key)
    );
    ALTER TABLE search_facets ALTER COLUMN ids SET STORAGE EXTERNAL;

    -- The facets of one product_search row: none when it is not published.
    CREATE FUNCTION store_product_facets(published boolean, category_id integer, on_sale boolean,
      in_stock boolean, featured boolean, price integer, created timestamptz, name text)
    RETURNS TABLE (kind text, key integer) LANGUAGE sql STABLE AS $f$
      SELECT f.kind, f.key
      FROM (SELECT CASE WHEN octet_length(name) > 0 THEN get_byte(convert_to(name, 'UTF8'), 0) ELSE 0 END AS b0,
          CASE WHEN octet_length(name) > 1 THEN get_byte(convert_to(name, 'UTF8'), 1) ELSE 0 END AS b1) AS b,
        LATERAL (VALUES
          ('c', category_id, true), ('s', 0, on_sale), ('o', 0, NOT in_stock), ('f', 0, featured),
          ('p0', price / 100, true), ('p1', price / 1000, true), ('p2', price / 10000, true),
          ('p3', price / 100000, true), ('d0', floor(extract(epoch FROM created) / 86400)::integer, true),
          ('d1', floor(extract(epoch FROM created) / 86400 / 32)::integer, true),
          ('n1', b.b0, true), ('n0', b.b0 * 256 + b.b1, true)) AS f(kind, key, has)
      WHERE published AND f.has
    $f$;

    INSERT INTO search_facets (kind, key, ids)
    SELECT f.kind, f.key, array_agg(s.product_id ORDER BY s.product_id)
    FROM product_search s,
      store_product_facets(s.published, s.category_id, s.on_sale, s.in_stock, s.featured, s.min_price_cents,
        s.created_at, s.name) f
    GROUP BY f.kind, f.key;

    -- The columns of product_search a facet depends on, for the triggers below.
    CREATE TYPE store_facet_source AS (product_id integer, published boolean, category_id integer,
      on_sale boolean, in_stock boolean, featured boolean, min_price_cents integer, created_at timestamptz,
      name text);

    -- What changes in the facet lists when rows `before` become rows `after` (either may be empty: an
    -- insert, a delete): per list, the products it loses (added false) or gains (added true).
    CREATE FUNCTION store_facets_delta(before store_facet_source[], after store_facet_source[])
    RETURNS TABLE (kind text, key integer, ids integer[], added boolean) LANGUAGE sql STABLE AS $f$
      WITH old AS (
        SELECT f.kind, f.key, o.product_id FROM unnest(before) o,
          store_product_facets(o.published, o.category_id, o.on_sale, o.in_stock, o.featured, o.min_price_cents,
            o.created_at, o.name) f
      ), new AS (
        SELECT f.kind, f.key, n.product_id FROM unnest(after) n,
          store_product_facets(n.published, n.category_id, n.on_sale, n.in_stock, n.featured, n.min_price_cents,
            n.created_at, n.name) f
      ), delta AS (
        SELECT x.*, false AS added FROM (SELECT * FROM old EXCEPT SELECT * FROM new) x
        UNION ALL SELECT y.*, true FROM (SELECT * FROM new EXCEPT SELECT * FROM old) y
      )
      SELECT d.kind, d.key, array_agg(d.product_id ORDER BY d.product_id), d.added FROM delta d
      GROUP BY d.kind, d.key, d.added ORDER BY d.kind, d.key
    $f$;

    -- Patches the lists in one statement: the lists it changes are locked in key order first (as 0013
    -- does for the posting lists), so two writers of one list neither deadlock nor lose each other's
    -- change (each update reads the locked, latest list: ids - lost | gained); a list that does not exist
    -- yet is inserted. Only what changed is written: a stock change that leaves a product in stock, or a
    -- new description, touches no list.
    CREATE FUNCTION store_facets_apply(before store_facet_source[], after store_facet_source[])
    RETURNS void LANGUAGE sql AS $f$
      WITH d AS MATERIALIZED (
        SELECT x.kind, x.key,
          coalesce(max(x.ids) FILTER (WHERE NOT x.added), '{}') AS lost,
          coalesce(max(x.ids) FILTER (WHERE x.added), '{}') AS gained
        FROM store_facets_delta(before, after) x GROUP BY x.kind, x.key
      ), locked AS (
        SELECT p.kind, p.key FROM search_facets p WHERE (p.kind, p.key) IN (SELECT d.kind, d.key FROM d)
        ORDER BY p.kind, p.key FOR UPDATE
      ), patched AS (
        UPDATE search_facets p SET ids = (p.ids - d.lost) | d.gained
        FROM d WHERE p.kind = d.kind AND p.key = d.key AND (SELECT count(*) FROM locked) >= 0
        RETURNING p.kind, p.key
      )
      INSERT INTO search_facets (kind, key, ids)
      SELECT d.kind, d.key, d.gained FROM d
      WHERE d.gained <> '{}' AND NOT EXISTS (SELECT 1 FROM search_facets p WHERE p.kind = d.kind AND p.key = d.key)
        AND (SELECT count(*) FROM patched) >= 0
      ORDER BY d.kind, d.key
      ON CONFLICT (kind, key) DO UPDATE SET ids = search_facets.ids | EXCLUDED.ids
    $f$;

    CREATE FUNCTION store_search_facets_insert() RETURNS trigger LANGUAGE plpgsql AS $f$
    BEGIN
      PERFORM store_facets_apply('{}', (SELECT coalesce(array_agg(ROW(n.product_id, n.published, n.category_id,
        n.on_sale, n.in_stock, n.featured, n.min_price_cents, n.created_at, n.name)::store_facet_source), '{}') FROM added n));
      RETURN NULL;
    END
    $f$;
    CREATE FUNCTION store_search_facets_update() RETURNS trigger LANGUAGE plpgsql AS $f$
    BEGIN
      PERFORM store_facets_apply(
        (SELECT coalesce(array_agg(ROW(o.product_id, o.published, o.category_id, o.on_sale, o.in_stock, o.featured,
          o.min_price_cents, o.created_at, o.name)::store_facet_source), '{}') FROM removed o),
        (SELECT coalesce(array_agg(ROW(n.product_id, n.published, n.category_id, n.on_sale, n.in_stock, n.featured,
          n.min_price_cents, n.created_at, n.name)::store_facet_source), '{}') FROM added n));
      RETURN NULL;
    END
    $f$;
    CREATE FUNCTION store_search_facets_delete() RETURNS trigger LANGUAGE plpgsql AS $f$
    BEGIN
      PERFORM store_facets_apply((SELECT coalesce(array_agg(ROW(o.product_id, o.published, o.category_id,
        o.on_sale, o.in_stock, o.featured, o.min_price_cents, o.created_at, o.name)::store_facet_source), '{}') FROM removed o), '{}');
      RETURN NULL;
    END
    $f$;
    CREATE TRIGGER product_search_facets_insert AFTER INSERT ON product_search
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION store_search_facets_insert();
    CREATE TRIGGER product_search_facets_update AFTER UPDATE ON product_search
      REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION store_search_facets_update();
    CREATE TRIGGER product_search_facets_delete AFTER DELETE ON product_search
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION store_search_facets_delete();
  END IF;
END
$$;
--> statement-breakpoint
-- A search of one or two words with filters, or in another order than relevance, in one function call
-- (PostgreSQL only): the matches from the posting lists (0013), narrowed by the facet lists above, then
-- ranked or sorted. Before, such a search joined every match's search_words rows to product_search.
DO $$
BEGIN
  IF version() NOT LIKE '%emscripten%' THEN
    -- The products of m (sorted) whose lowest price is within lo..hi cents: the widest grid cells inside
    -- the range whole, and in a dollar cell the range cuts (a bound with cents), each product checked.
    CREATE FUNCTION store_price_filter(m integer[], lo integer, hi integer) RETURNS integer[]
    LANGUAGE plpgsql STABLE AS $f$
    DECLARE
      top integer; d integer; dhi integer; lvl integer; w integer;
      cut integer[] := '{}'; whole integer[] := '{}';
    BEGIN
      SELECT max(f.key) INTO top FROM search_facets f WHERE f.kind = 'p0';
      lo := greatest(lo, 0);
      hi := least(hi, coalesce(top, -1) * 100 + 99);
      IF lo > hi OR icount(m) = 0 THEN RETURN '{}'; END IF;
      IF lo % 100 <> 0 THEN cut := cut | (lo / 100); END IF;
      IF hi % 100 <> 99 THEN cut := cut | (hi / 100); END IF;
      -- The whole dollars (lo + 99) / 100 .. dhi, as the fewest cells: a cell of a wider level where one
      -- starts and fits. Each cell's products in m, one cell at a time (a statement joining the cells
      -- took 0.2 ms more for the same seven).
      d := (lo + 99) / 100;
      dhi := (hi + 1) / 100 - 1;
      WHILE d <= dhi LOOP
        lvl := 0; w := 1;
        WHILE lvl < 3 AND d % (w * 10) = 0 AND d + w * 10 - 1 <= dhi LOOP
          lvl := lvl + 1; w := w * 10;
        END LOOP;
        whole := whole | (m & coalesce((SELECT f.ids FROM search_facets f WHERE f.kind = 'p' || lvl AND f.key = d / w), '{}'));
        d := d + w;
      END LOOP;
      IF icount(cut) = 0 THEN RETURN whole; END IF;
      RETURN whole | (SELECT coalesce(array_agg(s.product_id ORDER BY s.product_id), '{}') FROM product_search s
        WHERE s.product_id = ANY(m & (SELECT coalesce(store_int_union(f.ids), '{}') FROM search_facets f
          WHERE f.kind = 'p0' AND f.key = ANY(cut)))
        AND s.min_price_cents BETWEEN lo AND hi);
    END
    $f$;

    -- The products of m (sorted) that pass a list's filters: not `skip`, in the category named (lower
    -- case), on sale, in stock, featured (where true), priced within lo..hi cents (where set).
    CREATE FUNCTION store_facet_filter(m integer[], skip integer, category text, lo integer, hi integer,
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
        m := store_price_filter(m, coalesce(lo, 0), coalesce(hi, 2147483647));
      END IF;
      RETURN m;
    END
    $f$;

    -- The products having one of the catalogue words g, which have n posting rows (0013): a word's only
    -- row is read as it is, several are merged.
    CREATE FUNCTION store_word_ids(g text[], n integer) RETURNS integer[] LANGUAGE sql STABLE AS $f$
      SELECT CASE WHEN n = 0 THEN '{}'::integer[]
        WHEN n = 1 THEN (SELECT p.ids FROM search_postings p WHERE p.term = ANY(g))
        ELSE (SELECT store_int_union(p.ids) FROM search_postings p WHERE p.term = ANY(g)) END
    $f$;

    -- The parts of m (products having one of the catalogue words g, which have n posting rows; w the
    -- weight of an only row) where the best weight among g is 3, 2 and 1.
    CREATE FUNCTION store_best_weights(m integer[], g text[], n integer, w smallint,
      OUT w3 integer[], OUT w2 integer[], OUT w1 integer[]) LANGUAGE plpgsql STABLE AS $f$
    BEGIN
      IF n = 1 THEN
        w3 := CASE WHEN w = 3 THEN m ELSE '{}' END;
        w2 := CASE WHEN w = 2 THEN m ELSE '{}' END;
      ELSE
        w3 := m & store_posting_union(g, 3);
        w2 := (m & store_posting_union(g, 2)) - w3;
      END IF;
      w1 := m - w3 - w2;
    END
    $f$;

    -- Ranks first..last of m (sorted ids) by lowest price (`price_asc`, `price_desc`), newest or name, then
    -- id, as the full evaluation orders them; lo..hi (cents, either may be null): the price range m is
    -- within. The coarse cells of the price grid ($10), of the creation days (32 days) or of the names
    -- (first byte) are read in that order, and the fine cells ($1, a day, two bytes) of the one that
    -- reaches rank `last`, so only those products are sorted. By name only where the database orders text
    -- byte by byte (libc's C, POSIX or C.UTF-8); elsewhere every product of m is sorted.
    CREATE FUNCTION store_sorted_slice(m integer[], sort text, lo integer, hi integer, first integer, last integer)
    RETURNS integer[] LANGUAGE plpgsql STABLE AS $f$
    DECLARE
      coarse text := CASE sort WHEN 'newest' THEN 'd1' WHEN 'name' THEN 'n1' ELSE 'p1' END;
      fine text := CASE sort WHEN 'newest' THEN 'd0' WHEN 'name' THEN 'n0' ELSE 'p0' END;
      ratio integer := CASE sort WHEN 'newest' THEN 32 WHEN 'name' THEN 256 ELSE 10 END;
      ascending boolean := sort IN ('price_asc', 'name');
      cells integer[]; cell integer; k integer; part integer[]; cand integer[] := '{}';
    BEGIN
      IF sort IN ('price_asc', 'price_desc', 'newest') OR (sort = 'name' AND (
        SELECT coalesce(to_jsonb(d) ->> 'datlocprovider', 'c') = 'c' AND d.datcollate IN ('C', 'POSIX', 'C.UTF-8', 'C.utf8')
        FROM pg_database d WHERE d.datname = current_database())) THEN
        cells := ARRAY(SELECT f.key FROM search_facets f WHERE f.kind = coarse
          AND (sort NOT LIKE 'price%' OR f.key BETWEEN coalesce(lo, 0) / 1000 AND coalesce(hi, 2147483647) / 1000)
          ORDER BY f.key);
        IF NOT ascending THEN cells := sort_desc(cells); END IF;
        FOREACH cell IN ARRAY cells LOOP
          part := m & (SELECT f.ids FROM search_facets f WHERE f.kind = coarse AND f.key = cell);
          IF icount(cand) + icount(part) < last THEN
            cand := cand | part;
          ELSE
            FOR k IN SELECT f.key FROM search_facets f WHERE f.kind = fine
              AND f.key BETWEEN cell * ratio AND cell * ratio + ratio - 1
              ORDER BY CASE WHEN ascending THEN f.key ELSE -f.key END LOOP
              cand := cand | (part & (SELECT f.ids FROM search_facets f WHERE f.kind = fine AND f.key = k));
              EXIT WHEN icount(cand) >= last;
            END LOOP;
            EXIT;
          END IF;
        END LOOP;
      ELSE
        cand := m;
      END IF;
      RETURN ARRAY(SELECT s.product_id FROM product_search s WHERE s.product_id = ANY(cand)
        ORDER BY CASE sort WHEN 'price_asc' THEN s.min_price_cents WHEN 'price_desc' THEN -s.min_price_cents END,
          CASE WHEN sort = 'newest' THEN s.created_at END DESC,
          CASE WHEN sort = 'name' THEN s.name END,
          CASE WHEN sort IN ('price_asc', 'name') THEN s.product_id ELSE -s.product_id END
        OFFSET first - 1 LIMIT last - first + 1);
    END
    $f$;

    -- store_many_words_page(g, gw, words, skip, category, lo, hi, sale, stock, feat, sort, first, last,
    -- fallback): a search of three to eight words, g the catalogue words they stand for and gw the number
    -- (1..words) of the search word each stands for. The products having every word that pass the filters,
    -- ranked as the full evaluation ranks them: by the sum of each word's best weight, then newest id
    -- first; when none and `fallback`, those having some of the words (match 'some'): by how many, then
    -- that sum, then newest id first. Or in store_sorted_slice's orders. The exact total, and the ids of
    -- ranks first..last.
    CREATE FUNCTION store_many_words_page(g text[], gw integer[], words integer, skip integer, category text,
      lo integer, hi integer, sale boolean, stock boolean, feat boolean, sort text, first integer, last integer,
      fallback boolean, OUT match text, OUT total integer, OUT ids integer[])
    LANGUAGE plpgsql STABLE AS $f$
    DECLARE
      i integer; gi text[]; n integer[] := '{}'; w smallint[] := '{}'; ni integer; wi smallint;
      m integer[]; x3 integer[]; x2 integer[]; x1 integer[]; bonus integer[] := '{}';
      seen integer[] := '{}'; two integer[] := '{}'; part integer[]; ranked integer[];
      c3 integer[] := '{}'; c2 integer[] := '{}'; c1 integer[] := '{}'; t1 integer[]; t2 integer[]; t3 integer[];
    BEGIN
      FOR i IN 1..words LOOP
        gi := ARRAY(SELECT g[j] FROM generate_subscripts(g, 1) AS j WHERE gw[j] = i);
        SELECT count(*), min(p.weight) INTO ni, wi FROM search_postings p WHERE p.term = ANY(gi);
        n := n || ni; w := w || wi;
        m := CASE WHEN i = 1 THEN store_word_ids(gi, ni) WHEN ni = 0 THEN '{}'::integer[] ELSE m & store_word_ids(gi, ni) END;
      END LOOP;
      m := store_facet_filter(m, skip, category, lo, hi, sale, stock, feat);
      match := 'all';
      IF icount(m) = 0 AND fallback THEN
        m := '{}';
        FOR i IN 1..words LOOP
          m := m | store_word_ids(ARRAY(SELECT g[j] FROM generate_subscripts(g, 1) AS j WHERE gw[j] = i), n[i]);
        END LOOP;
        m := store_facet_filter(m, skip, category, lo, hi, sale, stock, feat);
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

    -- store_facet_page(g0, g1, skip, category, lo, hi, sale, stock, feat, sort, first, last, fallback):
    -- g0 and g1 (null for a one-word search) are the catalogue words each search word stands for. The
    -- products having every word that pass the filters; when none and `fallback`, those having either
    -- (match 'some'). Ranked as the full evaluation ranks them (service.ts, searchPage): by relevance,
    -- summed weights then newest id first (best weight for 'some' or one word); otherwise by lowest
    -- price, newest or name, then id. Returns the exact total and the ids of ranks first..last.
    -- As in store_two_word_page (0014), a word with one posting row (one catalogue word at one weight:
    -- the usual case, and that of the long lists) has its list read once and needs no split by weight.
    CREATE FUNCTION store_facet_page(g0 text[], g1 text[], skip integer, category text, lo integer, hi integer,
      sale boolean, stock boolean, feat boolean, sort text, first integer, last integer, fallback boolean,
      OUT match text, OUT total integer, OUT ids integer[])
    LANGUAGE plpgsql STABLE AS $f$
    DECLARE
      na integer; wa smallint; nb integer := 0; wb smallint;
      m integer[]; x3 integer[]; x2 integer[]; x1 integer[]; y3 integer[]; y2 integer[]; y1 integer[];
      t1 integer[] := '{}'; t2 integer[] := '{}'; t3 integer[] := '{}'; t4 integer[] := '{}'; t5 integer[] := '{}';
    BEGIN
      -- Each word's posting rows: how many, and the weight of a word's only row.
      SELECT count(*) FILTER (WHERE p.term = ANY(g0)), min(p.weight) FILTER (WHERE p.term = ANY(g0)),
        count(*) FILTER (WHERE p.term = ANY(g1)), min(p.weight) FILTER (WHERE p.term = ANY(g1))
      INTO na, wa, nb, wb FROM search_postings p WHERE p.term = ANY(g0 || coalesce(g1, '{}'));
      m := CASE WHEN g1 IS NULL THEN store_word_ids(g0, na)
        WHEN na = 0 OR nb = 0 THEN '{}'::integer[]
        ELSE store_word_ids(g0, na) & store_word_ids(g1, nb) END;
      m := store_facet_filter(m, skip, category, lo, hi, sale, stock, feat);
      match := 'all';
      IF icount(m) = 0 AND g1 IS NOT NULL AND fallback THEN
        m := store_facet_filter(store_word_ids(g0, na) | store_word_ids(g1, nb), skip, category, lo, hi, sale, stock, feat);
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
  END IF;
END
$$;
