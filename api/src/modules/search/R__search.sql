-- The shop search, its one definition: every function, view and trigger it runs, on PostgreSQL and PGlite
-- alike. A repeatable migration (src/db/repeatable.ts): applied again whenever this file changes, in one
-- transaction that ends by rebuilding search_lists. Its tables (schema.ts): product_search (a product's words
-- as a tsvector, name A, category and attribute values B, description C, and copies of what a search filters
-- and sorts by), search_terms (the words typos are corrected to) and search_lists: sorted id lists of
-- published products per (kind, key), which intarray's C operators intersect and merge:
--   w3, w2, w1  a word (lexeme) at its best weight in the product: 3 name, 2 category or attribute, 1 other
--   wp          a word by price, in $10 cells ('word:cell')       c  a category (its id)
--   s, o, f     on sale, out of stock, featured (key '')          p0  the price in $1 cells
--   d1, d0      the day created (since 1970, UTC) / 32, the day    n1, n0  a name's first byte, first two (C order)
-- Numeric keys have ten digits (search.cell), so they sort as numbers. pg_trgm's `%` and `<->` answer nothing
-- on PGlite with intarray loaded (its functions and `<%` work): similarity() is used instead.

DROP SCHEMA IF EXISTS search CASCADE;
CREATE SCHEMA search;

CREATE AGGREGATE search.union_of(integer[]) (SFUNC = _int_union, STYPE = integer[], INITCOND = '{}');

-- A list with the sort key it ranks at (search.page) or its cell key (search.sorted).
CREATE TYPE search.tier AS (key integer, ids integer[]);
CREATE FUNCTION search.cell(n bigint) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN lpad(n::text, 10, '0');

-- The functions a search runs are PL/pgSQL with generic plans: each connection plans their statements once
-- (SQL functions that cannot be inlined are planned again at every call on PostgreSQL 15).
CREATE FUNCTION search.list(list_kind text, list_key text) RETURNS integer[] LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan AS $$ BEGIN
  RETURN coalesce((SELECT l.ids FROM search_lists l WHERE l.kind = list_kind AND l.key = list_key), '{}');
END $$;

-- The lists a product_search row belongs to: none unless published.
CREATE FUNCTION search.entries(s product_search) RETURNS TABLE (kind text, key text) LANGUAGE sql STABLE AS $$
  SELECT f.kind, f.key FROM unnest(s.document) AS l, LATERAL (VALUES
    ('w' || CASE WHEN 'A' = ANY(l.weights) THEN 3 WHEN 'B' = ANY(l.weights) THEN 2 ELSE 1 END, l.lexeme),
    ('wp', l.lexeme || ':' || search.cell(s.min_price_cents / 1000))) AS f(kind, key) WHERE s.published
  UNION ALL
  SELECT f.kind, f.key FROM (SELECT get_byte(b.name, 0) AS b0, get_byte(b.name, 1) AS b1,
      floor(extract(epoch FROM s.created_at) / 86400)::integer AS day
    FROM (SELECT convert_to(s.name, 'UTF8') || '\x0000'::bytea AS name) AS b) AS v,
    LATERAL (VALUES ('c', search.cell(s.category_id), true), ('s', '', s.on_sale), ('o', '', NOT s.in_stock),
      ('f', '', s.featured), ('p0', search.cell(s.min_price_cents / 100), true), ('d0', search.cell(v.day), true),
      ('d1', search.cell(v.day / 32), true), ('n1', search.cell(v.b0), true),
      ('n0', search.cell(v.b0 * 256 + v.b1), true)) AS f(kind, key, has)
  WHERE s.published AND f.has
$$;

-- Patches the lists when rows `before` become rows `after` (either empty: an insert, a delete): each list
-- loses the products that left it and gains those that joined, and only lists that change are written (a
-- stock change that keeps a product in stock writes none). The lists are locked in key order first, so two
-- writers of one list neither deadlock nor lose each other's change (each update reads the latest list).
CREATE FUNCTION search.patch(before product_search[], after product_search[]) RETURNS void LANGUAGE sql AS $$
  WITH old AS (SELECT e.kind, e.key, r.product_id FROM unnest(before) AS r, search.entries(r) AS e),
  new AS (SELECT e.kind, e.key, r.product_id FROM unnest(after) AS r, search.entries(r) AS e),
  delta AS MATERIALIZED (
    SELECT d.kind, d.key,
      coalesce(array_agg(d.product_id ORDER BY d.product_id) FILTER (WHERE NOT d.joined), '{}') AS lost,
      coalesce(array_agg(d.product_id ORDER BY d.product_id) FILTER (WHERE d.joined), '{}') AS gained
    FROM (SELECT x.*, false AS joined FROM (SELECT * FROM old EXCEPT SELECT * FROM new) AS x
      UNION ALL SELECT y.*, true FROM (SELECT * FROM new EXCEPT SELECT * FROM old) AS y) AS d
    GROUP BY d.kind, d.key
  ), locked AS (
    SELECT l.kind FROM search_lists l WHERE (l.kind, l.key) IN (SELECT kind, key FROM delta)
    ORDER BY l.kind, l.key FOR UPDATE
  ), patched AS (
    UPDATE search_lists l SET ids = (l.ids - d.lost) | d.gained FROM delta d
    WHERE l.kind = d.kind AND l.key = d.key AND (SELECT count(*) FROM locked) >= 0
    RETURNING l.kind
  )
  INSERT INTO search_lists (kind, key, ids)
  SELECT d.kind, d.key, d.gained FROM delta d
  WHERE d.gained <> '{}' AND (SELECT count(*) FROM patched) >= 0
    AND NOT EXISTS (SELECT 1 FROM search_lists l WHERE l.kind = d.kind AND l.key = d.key)
  ORDER BY d.kind, d.key
  ON CONFLICT (kind, key) DO UPDATE SET ids = search_lists.ids | EXCLUDED.ids
$$;

-- product_search's writes patch the lists (statement triggers: a statement's rows in one patch), except
-- while search.refresh rebuilds everything.
CREATE FUNCTION search.follow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF current_setting('search.rebuilding', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN PERFORM search.patch('{}', ARRAY(SELECT n::product_search FROM added n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM search.patch(ARRAY(SELECT o::product_search FROM removed o), ARRAY(SELECT n::product_search FROM added n));
  ELSE PERFORM search.patch(ARRAY(SELECT o::product_search FROM removed o), '{}');
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER search_follow_insert AFTER INSERT ON product_search
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION search.follow();
CREATE TRIGGER search_follow_update AFTER UPDATE ON product_search
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION search.follow();
CREATE TRIGGER search_follow_delete AFTER DELETE ON product_search
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION search.follow();

-- A product's search document and list columns as product_search holds them, and its attribute values.
CREATE VIEW search.documents AS
SELECT p.id AS product_id,
    setweight(to_tsvector('english', p.name), 'A')
  || setweight(to_tsvector('english', c.name || ' ' || coalesce(a.words, '')), 'B')
  || setweight(to_tsvector('english', p.description), 'C') AS document,
  p.published, p.featured, p.category_id, p.name, p.min_price_cents, p.on_sale, p.in_stock, p.created_at, a.words
FROM products p
JOIN categories c ON c.id = p.category_id
LEFT JOIN LATERAL (
  SELECT string_agg(DISTINCT e.value, ' ') AS words FROM variants v, jsonb_each_text(v.attributes) AS e
  WHERE v.product_id = p.id
) AS a ON true;

-- Rebuilds the search documents of the given products (all when null, and then the lists as a whole) and
-- adds their words to the vocabulary typos are corrected to. Called after a product's variants change
-- (recomputeProductPrices), on a category rename, by the seed.
CREATE FUNCTION search.refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  everything boolean := ids IS NULL;
BEGIN
  IF everything THEN
    ids := ARRAY(SELECT p.id FROM products p ORDER BY p.id);
    PERFORM set_config('search.rebuilding', 'on', true);
  END IF;
  INSERT INTO product_search (product_id, document, published, featured, category_id, name, min_price_cents, on_sale,
    in_stock, created_at)
  SELECT d.product_id, d.document, d.published, d.featured, d.category_id, d.name, d.min_price_cents, d.on_sale,
    d.in_stock, d.created_at FROM unnest(ids) AS x(id) JOIN search.documents d ON d.product_id = x.id
  ON CONFLICT (product_id) DO UPDATE SET (document, published, featured, category_id, name, min_price_cents, on_sale,
    in_stock, created_at) = (EXCLUDED.document, EXCLUDED.published, EXCLUDED.featured, EXCLUDED.category_id,
    EXCLUDED.name, EXCLUDED.min_price_cents, EXCLUDED.on_sale, EXCLUDED.in_stock, EXCLUDED.created_at);
  INSERT INTO search_terms (term)
  SELECT DISTINCT w FROM regexp_split_to_table(lower(
      (SELECT string_agg(d.name || ' ' || coalesce(d.words, ''), ' ') FROM unnest(ids) AS x(id)
        JOIN search.documents d ON d.product_id = x.id) || ' ' || (SELECT string_agg(c.name, ' ') FROM categories c)),
    '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT (term) DO NOTHING;
  IF everything THEN
    PERFORM set_config('search.rebuilding', 'off', true);
    DELETE FROM search_lists;
    INSERT INTO search_lists (kind, key, ids) SELECT e.kind, e.key, array_agg(s.product_id ORDER BY s.product_id)
    FROM product_search s, search.entries(s) AS e GROUP BY e.kind, e.key;
  END IF;
END
$$;

-- A product's list columns, copied to its search row whoever changes them (publish, feature, rename, a price
-- recomputed, another category).
CREATE FUNCTION search.product_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  UPDATE product_search SET (published, featured, category_id, name, min_price_cents, on_sale, in_stock, created_at) =
    (NEW.published, NEW.featured, NEW.category_id, NEW.name, NEW.min_price_cents, NEW.on_sale, NEW.in_stock,
    NEW.created_at) WHERE product_id = NEW.id;
  RETURN NEW;
END $$;
CREATE TRIGGER products_search_sync AFTER UPDATE OF published, featured, category_id, name, min_price_cents,
  on_sale, in_stock, created_at ON products FOR EACH ROW
  WHEN ((OLD.published, OLD.featured, OLD.category_id, OLD.name, OLD.min_price_cents, OLD.on_sale, OLD.in_stock,
    OLD.created_at) IS DISTINCT FROM (NEW.published, NEW.featured, NEW.category_id, NEW.name, NEW.min_price_cents,
    NEW.on_sale, NEW.in_stock, NEW.created_at))
  EXECUTE FUNCTION search.product_changed();

CREATE FUNCTION search.category_renamed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  PERFORM search.refresh(ARRAY(SELECT p.id FROM products p WHERE p.category_id = NEW.id));
  RETURN NEW;
END $$;
CREATE TRIGGER categories_search_rename AFTER UPDATE OF name ON categories FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search.category_renamed();

-- What each word of a search stands for: the catalogue's words (lexemes) that begin with its stem, or are the
-- stem of one of its corrections: a word corrects to the vocabulary's nearest words by trigrams (at most three)
-- unless the vocabulary has it as it is ("shirt" must not also find "skirt"). `last_is_prefix` (suggestions as
-- one types): the last word may be unfinished, so it needs no correction when a vocabulary word begins with it,
-- and is otherwise compared with words' beginnings (word_similarity). A stop word without correction has no
-- row. `size`: the stored size of its lists (no read of them), so that a search takes its rarest word first.
CREATE FUNCTION search.word_terms(words text[], last_is_prefix boolean)
RETURNS TABLE (n integer, terms text[], size bigint) LANGUAGE sql STABLE AS $$
  WITH w AS (
    SELECT w.word, w.n::integer AS n,
      CASE WHEN length(w.word) < 3 THEN '{}'::text[]
      WHEN last_is_prefix AND w.n = cardinality(words) THEN
        CASE WHEN EXISTS (SELECT 1 FROM search_terms t WHERE t.term LIKE w.word || '%') THEN '{}'::text[]
        ELSE ARRAY(SELECT t.term FROM search_terms t WHERE w.word <% t.term
          ORDER BY word_similarity(w.word, t.term) DESC, similarity(w.word, t.term) DESC, t.term LIMIT 3) END
      WHEN EXISTS (SELECT 1 FROM search_terms t WHERE t.term = w.word) THEN '{}'::text[]
      ELSE ARRAY(SELECT t.term FROM search_terms t WHERE similarity(t.term, w.word) >= 0.3
        ORDER BY similarity(t.term, w.word) DESC, t.term LIMIT 3) END AS near
    FROM unnest(words) WITH ORDINALITY AS w(word, n)
  )
  SELECT w.n, t.terms, (SELECT coalesce(sum(pg_column_size(l.ids)), 0) FROM search_lists l
      WHERE l.kind IN ('w1', 'w2', 'w3') AND l.key = ANY(t.terms))::bigint
  FROM w, LATERAL (SELECT ARRAY(
      SELECT l.key FROM unnest(tsvector_to_array(to_tsvector('english', w.word))) AS p(stem)
      JOIN search_lists l ON l.kind IN ('w1', 'w2', 'w3') AND l.key >= p.stem AND l.key < p.stem || chr(1114111)
      UNION
      SELECT l.key FROM search_lists l WHERE l.kind IN ('w1', 'w2', 'w3')
        AND l.key = ANY(tsvector_to_array(to_tsvector('english', array_to_string(w.near, ' '))))
      ORDER BY 1) AS terms) AS t
  WHERE tsvector_to_array(to_tsvector('english', w.word || ' ' || array_to_string(w.near, ' '))) <> '{}'
  ORDER BY w.n
$$;

-- 'Did you mean': each word's closest vocabulary word, looser than a correction (null for none).
CREATE FUNCTION search.nearest(words text[]) RETURNS TABLE (word text, term text) LANGUAGE sql STABLE AS $$
  SELECT w.word, (SELECT t.term FROM search_terms t WHERE similarity(t.term, w.word) >= 0.2
    ORDER BY similarity(t.term, w.word) DESC, t.term LIMIT 1)
  FROM unnest(words) AS w(word)
$$;

-- m narrowed by a search's filters (null: not set): `skip` left out, a category (its name, lower case), on
-- sale, in stock, featured, a price range in cents. Every product of m has one of the catalogue words
-- `terms`: a price range reads their $10 cells (kind wp), whose lists hold only their products; in a cell the
-- range cuts, whole dollars from the $1 cells, cut dollars from the price index of products.
CREATE FUNCTION search.filtered(m integer[], terms text[], skip integer, category text, lo integer, hi integer,
  sale boolean, stock boolean, feat boolean) RETURNS integer[] LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  whole_lo integer; whole_hi integer; inside integer[]; cut integer[]; from_dollar integer; to_dollar integer;
BEGIN
  IF skip IS NOT NULL THEN m := m - skip; END IF;
  IF category IS NOT NULL THEN
    m := m & search.list('c', (SELECT search.cell(c.id) FROM categories c WHERE lower(c.name) = category));
  END IF;
  IF sale THEN m := m & search.list('s', ''); END IF;
  IF stock THEN m := m - search.list('o', ''); END IF;
  IF feat THEN m := m & search.list('f', ''); END IF;
  IF (lo IS NULL AND hi IS NULL) OR icount(m) = 0 THEN RETURN m; END IF;
  lo := greatest(coalesce(lo, 0), 0);
  -- At most $21,474,829.99: the last whole $10 cell below the integer range.
  hi := least(coalesce(hi, 2147482999), 2147482999);
  IF lo > hi THEN RETURN '{}'; END IF;
  -- The $10 cells wholly inside the range, and those it cuts (at most two), whose products are checked.
  whole_lo := (lo + 999) / 1000; whole_hi := (hi + 1) / 1000 - 1;
  SELECT coalesce(search.union_of(c.ids) FILTER (WHERE c.cell BETWEEN whole_lo AND whole_hi), '{}'),
      coalesce(search.union_of(c.ids) FILTER (WHERE c.cell NOT BETWEEN whole_lo AND whole_hi), '{}')
    INTO inside, cut
    FROM unnest(terms) AS t(term), LATERAL (SELECT l.ids, split_part(l.key, ':', 2)::integer AS cell
      FROM search_lists l WHERE l.kind = 'wp' AND l.key >= t.term || ':' || search.cell(lo / 1000)
        AND l.key <= t.term || ':' || search.cell(hi / 1000) OFFSET 0) AS c;
  cut := m & cut;
  IF icount(cut) = 0 THEN RETURN m & inside; END IF;
  from_dollar := (lo + 99) / 100; to_dollar := (hi + 1) / 100;
  RETURN (m & inside) | (cut & coalesce((SELECT search.union_of(l.ids) FROM search_lists l WHERE l.kind = 'p0'
      AND l.key >= search.cell(from_dollar) AND l.key < search.cell(to_dollar)
      AND l.key::integer / 10 IN (lo / 1000, hi / 1000)), '{}'))
    | (cut & (ARRAY(SELECT p.id FROM products p WHERE p.published AND p.min_price_cents >= lo
          AND p.min_price_cents < least(hi + 1, from_dollar * 100) ORDER BY p.id)
        | ARRAY(SELECT p.id FROM products p WHERE p.published AND p.min_price_cents >= greatest(lo, to_dollar * 100)
          AND p.min_price_cents <= hi ORDER BY p.id)));
END
$$;

-- Ranks first..last of m in the order `sort` (price_asc, price_desc, newest, name), every product of m having
-- one of the catalogue words `terms`. The order's cells in order (by price the words' $10 cells, newest the
-- day / 32, by name the first byte), each cell's products in m skipped while they rank before the page, then
-- taken, the cell the page ends in by its finer cells ($1; the day; the first two bytes), until the page is
-- covered: those few are sorted by their values in product_search.
CREATE FUNCTION search.sorted(m integer[], sort text, first integer, last integer, terms text[])
RETURNS integer[] LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  coarse text := CASE WHEN sort LIKE 'price%' THEN 'wp' WHEN sort = 'newest' THEN 'd1' ELSE 'n1' END;
  fine text := CASE WHEN sort LIKE 'price%' THEN 'p0' WHEN sort = 'newest' THEN 'd0' ELSE 'n0' END;
  width integer := CASE WHEN sort LIKE 'price%' THEN 10 WHEN sort = 'newest' THEN 32 ELSE 256 END;
  descending boolean := sort IN ('price_desc', 'newest');
  cell search.tier; sub search.tier; part integer[]; piece integer[]; n integer; before integer := 0;
  taken integer[] := '{}';
BEGIN
  IF icount(m) > 48 THEN
    -- (The lateral scan, unflattened by OFFSET 0, keeps the generic plan on the index.)
    FOR cell IN SELECT * FROM (SELECT c.cell, search.union_of(c.ids) FROM unnest(terms) AS t(term),
          LATERAL (SELECT split_part(l.key, ':', 2)::integer AS cell, l.ids FROM search_lists l
            WHERE l.kind = 'wp' AND l.key > t.term || ':' AND l.key < t.term || ';' OFFSET 0) AS c
          WHERE coarse = 'wp' GROUP BY 1 ORDER BY CASE WHEN descending THEN -c.cell END, 1) AS word
        UNION ALL
        SELECT * FROM (SELECT l.key::integer, l.ids FROM search_lists l WHERE coarse <> 'wp' AND l.kind = coarse
          ORDER BY CASE WHEN descending THEN l.key END DESC, l.key) AS grid LOOP
      part := m & cell.ids; n := icount(part);
      IF before + icount(taken) + n < first THEN
        before := before + n;
      ELSIF n <= 48 OR before + icount(taken) + n <= last THEN
        taken := taken | part;
      ELSE
        FOR sub IN SELECT l.key::integer, l.ids FROM search_lists l WHERE l.kind = fine
            AND l.key >= search.cell(cell.key::bigint * width) AND l.key < search.cell((cell.key::bigint + 1) * width)
            ORDER BY CASE WHEN descending THEN l.key END DESC, l.key LOOP
          piece := part & sub.ids; n := icount(piece);
          IF before + icount(taken) + n < first THEN
            before := before + n;
          ELSE
            taken := taken | piece;
            EXIT WHEN before + icount(taken) >= last;
          END IF;
        END LOOP;
      END IF;
      EXIT WHEN before + icount(taken) >= last;
    END LOOP;
    m := taken;
  END IF;
  RETURN ARRAY(SELECT s.product_id FROM unnest(m) AS x(id) JOIN product_search s ON s.product_id = x.id
    ORDER BY CASE WHEN sort = 'price_asc' THEN s.min_price_cents END,
      CASE WHEN sort = 'price_desc' THEN s.min_price_cents END DESC,
      CASE WHEN sort = 'newest' THEN s.created_at END DESC, CASE WHEN sort = 'name' THEN s.name END,
      CASE WHEN descending THEN s.product_id END DESC, s.product_id
    OFFSET first - 1 - before LIMIT last - first + 1);
END
$$;

-- One page of a search: ranks first..last (from 1) of the products matching it, and how many match. `terms`:
-- the catalogue words the search words stand for, `groups` which word (1 to `words`; a word standing for
-- nothing has none), the rarest first (the caller orders them by search.word_terms' size). The products
-- having every word, narrowed by the filters; failing that and where `fallback` allows, those having some
-- (match 'some'). By relevance a product ranks by 100 plus its best weight (3 name, 2 category or attribute,
-- 1 other) for each word it has, summed, then newest (highest id) first; in another order, search.sorted.
CREATE FUNCTION search.page(terms text[], groups integer[], words integer, skip integer, category text, lo integer,
  hi integer, sale boolean, stock boolean, feat boolean, sort text, first integer, last integer, fallback boolean,
  OUT match text, OUT total integer, OUT ids integer[]) LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  g integer; seen integer := 0; rare text[] := '{}'; list record; parts search.tier[] := '{}'; has integer[];
  lists integer[] := '{}'; single integer[] := '{}';
  m integer[]; w3 integer[]; w2 integer[]; w1 integer[]; tiers search.tier[]; t search.tier; before integer := 0;
  n integer;
BEGIN
  -- Every list of the words: the first word's whole, each other narrowed to what the words before it left
  -- (`parts`, key 10 * word + weight), so a long list is read and intersected once. (unnest, whose estimate
  -- of 10 rows keeps the generic plan on the index, not generate_subscripts.)
  FOR list IN SELECT groups[u.j] AS g, u.term, substr(l.kind, 2)::integer AS weight, l.ids
      FROM unnest(terms) WITH ORDINALITY AS u(term, j)
      JOIN search_lists l ON l.kind IN ('w1', 'w2', 'w3') AND l.key = u.term
      ORDER BY 1 LOOP
    IF list.g IS DISTINCT FROM g THEN
      m := CASE WHEN seen > 0 THEN has END;
      seen := seen + 1; g := list.g; has := '{}';
    END IF;
    IF seen = 1 AND NOT list.term = ANY(rare) THEN rare := rare || list.term; END IF;
    list.ids := CASE WHEN seen = 1 THEN list.ids ELSE m & list.ids END;
    parts := parts || ROW(10 * list.g + list.weight, list.ids)::search.tier;
    lists[g] := coalesce(lists[g], 0) + 1; single[g] := list.weight;
    has := has | list.ids;
  END LOOP;
  -- A word standing for nothing leaves no product having every word.
  m := CASE WHEN seen = words THEN has ELSE '{}' END;
  m := search.filtered(m, rare, skip, category, lo, hi, sale, stock, feat);
  match := 'all';
  IF icount(m) = 0 AND fallback AND words > 1 THEN
    -- Some of the words: every list whole.
    parts := ARRAY(SELECT ROW(10 * groups[u.j] + substr(l.kind, 2)::integer, l.ids)::search.tier
      FROM unnest(terms) WITH ORDINALITY AS u(term, j)
      JOIN search_lists l ON l.kind IN ('w1', 'w2', 'w3') AND l.key = u.term);
    rare := terms;
    m := search.filtered((SELECT search.union_of(p.ids) FROM unnest(parts) AS p), rare, skip, category, lo, hi,
      sale, stock, feat);
    match := 'some';
  END IF;
  total := icount(m);
  IF total = 0 THEN
    match := 'none'; ids := '{}';
  ELSIF sort <> 'relevance' THEN
    ids := search.sorted(m, sort, first, last, rare);
  ELSE
    -- Tiers of equal rank, best first: each word splits every tier by the product's best weight for it. Of
    -- two words, no product here has both (it would have matched them all): one split, by either word.
    FOR g IN 1..CASE WHEN match = 'some' AND words = 2 THEN 1 ELSE words END LOOP
      IF match = 'all' AND lists[g] = 1 THEN
        -- The word's one list: every product here has it at that weight.
        w3 := CASE WHEN single[g] = 3 THEN m ELSE '{}' END;
        w2 := CASE WHEN single[g] = 2 THEN m ELSE '{}' END;
      ELSE
        SELECT m & coalesce(search.union_of(p.ids) FILTER (WHERE mod(p.key, 10) = 3), '{}'),
          m & coalesce(search.union_of(p.ids) FILTER (WHERE mod(p.key, 10) = 2), '{}'),
          m & coalesce(search.union_of(p.ids) FILTER (WHERE mod(p.key, 10) = 1 AND match = 'some'), '{}')
        INTO w3, w2, w1 FROM unnest(parts) AS p WHERE p.key / 10 = g OR (match = 'some' AND words = 2);
        w2 := w2 - w3;
      END IF;
      -- Having every word, a product without it at 3 or 2 has it at 1.
      w1 := CASE WHEN match = 'all' THEN m - w3 - w2 ELSE w1 - w3 - w2 END;
      IF g = 1 THEN
        tiers := ARRAY(SELECT x FROM unnest(ARRAY[ROW(103, w3), ROW(102, w2), ROW(101, w1),
          ROW(0, CASE WHEN match = 'some' AND words > 2 THEN m - w3 - w2 - w1 ELSE '{}' END)]::search.tier[]) AS x
          WHERE icount(x.ids) > 0);
        CONTINUE;
      END IF;
      tiers := ARRAY(SELECT ROW(x.key, search.union_of(x.ids))::search.tier FROM (
          SELECT r.key + 103, r.ids & w3 FROM unnest(tiers) AS r
          UNION ALL SELECT r.key + 102, r.ids & w2 FROM unnest(tiers) AS r
          UNION ALL SELECT r.key + 101, r.ids & w1 FROM unnest(tiers) AS r
          UNION ALL SELECT r.key, r.ids - w3 - w2 - w1 FROM unnest(tiers) AS r WHERE match = 'some'
        ) AS x(key, ids) WHERE icount(x.ids) > 0 GROUP BY x.key ORDER BY x.key DESC);
    END LOOP;
    ids := '{}';
    FOREACH t IN ARRAY tiers LOOP
      n := icount(t.ids);
      -- A tier's ids are in ascending order: its best-ranked (newest) at the end.
      IF before + n >= first THEN
        ids := ids || sort_desc((t.ids)[n - least(last - before, n) + 1 : n - greatest(first - before, 1) + 1]);
      END IF;
      before := before + n;
      EXIT WHEN before >= last;
    END LOOP;
  END IF;
END
$$;

-- The definition may have changed what the documents and lists hold: made again.
SELECT search.refresh(NULL);
