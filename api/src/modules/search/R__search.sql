-- The shop search, its one definition: every function and trigger it runs, on PostgreSQL and PGlite alike.
-- A repeatable migration (src/db/repeatable.ts): applied after the versioned migrations whenever this file
-- changes, in one transaction, which ends by rebuilding search_lists from product_search. Its tables are
-- migrations' (src/modules/search/schema.ts):
--   product_search  one row per product: its words (a tsvector: name A, category and attribute values B,
--                   description C) and copies of what a search filters and sorts by;
--   search_terms    the words of names, categories and attribute values: what a typo is corrected to;
--   search_lists    sorted lists of product ids (intarray's C operators intersect and merge them), one per
--                   (kind, key), for published products only:
--     w3, w2, w1  a word (lexeme) at its best weight in the product: 3 name, 2 category or attribute, 1 other
--     c           the category (key: its id)             s, o, f  on sale, out of stock, featured (key '')
--     p3 .. p0    the price in cells of $1,000 .. $1     d1, d0   the day created (since 1970, UTC) / 32, the day
--     n1, n0      the name's first byte, its first two bytes (256 b0 + b1): the order of text here (C)
--   Numeric keys are written with ten digits (search.cell), so that they sort as numbers.
-- pg_trgm's `%` and `<->` operators answer nothing on PGlite with intarray loaded (its functions and `<%`
-- work): this file uses similarity() instead.

DROP SCHEMA IF EXISTS search CASCADE;
CREATE SCHEMA search;

CREATE AGGREGATE search.union_of(integer[]) (SFUNC = _int_union, STYPE = integer[], INITCOND = '{}');

-- A list with the sort key it ranks at (search.page) or its cell key (search.sorted).
CREATE TYPE search.tier AS (key integer, ids integer[]);

CREATE FUNCTION search.cell(n bigint) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN lpad(n::text, 10, '0');

CREATE FUNCTION search.list(list_kind text, list_key text) RETURNS integer[] LANGUAGE sql STABLE
RETURN coalesce((SELECT l.ids FROM search_lists l WHERE l.kind = list_kind AND l.key = list_key), '{}');

-- The lists a product_search row belongs to: none unless published.
CREATE FUNCTION search.entries(s product_search) RETURNS TABLE (kind text, key text) LANGUAGE sql STABLE AS $$
  SELECT 'w' || CASE WHEN 'A' = ANY(l.weights) THEN 3 WHEN 'B' = ANY(l.weights) THEN 2 ELSE 1 END, l.lexeme
  FROM unnest(s.document) AS l WHERE s.published
  UNION ALL
  SELECT f.kind, f.key FROM (
    SELECT CASE WHEN octet_length(s.name) > 0 THEN get_byte(convert_to(s.name, 'UTF8'), 0) ELSE 0 END AS b0,
      CASE WHEN octet_length(s.name) > 1 THEN get_byte(convert_to(s.name, 'UTF8'), 1) ELSE 0 END AS b1,
      floor(extract(epoch FROM s.created_at) / 86400)::integer AS day) AS v,
    LATERAL (VALUES ('c', search.cell(s.category_id), true), ('s', '', s.on_sale), ('o', '', NOT s.in_stock),
      ('f', '', s.featured), ('p0', search.cell(s.min_price_cents / 100), true),
      ('p1', search.cell(s.min_price_cents / 1000), true), ('p2', search.cell(s.min_price_cents / 10000), true),
      ('p3', search.cell(s.min_price_cents / 100000), true), ('d0', search.cell(v.day), true),
      ('d1', search.cell(v.day / 32), true), ('n1', search.cell(v.b0), true), ('n0', search.cell(v.b0 * 256 + v.b1), true)
    ) AS f(kind, key, has)
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

-- Every list from product_search, as a whole.
CREATE FUNCTION search.rebuild_lists() RETURNS void LANGUAGE sql AS $$
  DELETE FROM search_lists;
  INSERT INTO search_lists (kind, key, ids)
  SELECT e.kind, e.key, array_agg(s.product_id ORDER BY s.product_id)
  FROM product_search s, search.entries(s) AS e GROUP BY e.kind, e.key;
$$;

-- product_search's writes patch the lists (statement triggers: a statement's rows in one patch), except
-- while search.refresh rebuilds everything.
CREATE FUNCTION search.follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('search.rebuilding', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN PERFORM search.patch('{}', ARRAY(SELECT n::product_search FROM added n));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM search.patch(ARRAY(SELECT o::product_search FROM removed o), ARRAY(SELECT n::product_search FROM added n));
  ELSE PERFORM search.patch(ARRAY(SELECT o::product_search FROM removed o), '{}');
  END IF;
  RETURN NULL;
END
$$;
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
  INSERT INTO product_search (product_id, document, published, featured, category_id, name, min_price_cents,
    on_sale, in_stock, created_at)
  SELECT d.product_id, d.document, d.published, d.featured, d.category_id, d.name, d.min_price_cents, d.on_sale,
    d.in_stock, d.created_at
  FROM unnest(ids) AS x(id) JOIN search.documents d ON d.product_id = x.id
  ON CONFLICT (product_id) DO UPDATE SET document = EXCLUDED.document, published = EXCLUDED.published,
    featured = EXCLUDED.featured, category_id = EXCLUDED.category_id, name = EXCLUDED.name,
    min_price_cents = EXCLUDED.min_price_cents, on_sale = EXCLUDED.on_sale, in_stock = EXCLUDED.in_stock,
    created_at = EXCLUDED.created_at;
  INSERT INTO search_terms (term)
  SELECT DISTINCT w FROM (
    SELECT regexp_split_to_table(lower(t), '[^[:alnum:]]+') AS w FROM (
      SELECT d.name || ' ' || coalesce(d.words, '') AS t FROM unnest(ids) AS x(id)
      JOIN search.documents d ON d.product_id = x.id
      UNION SELECT c.name FROM categories c
    ) AS texts
  ) AS words
  WHERE length(w) >= 3
  ON CONFLICT (term) DO NOTHING;
  IF everything THEN
    PERFORM set_config('search.rebuilding', 'off', true);
    PERFORM search.rebuild_lists();
  END IF;
END
$$;

-- A product's list columns, copied to its search row whoever changes them (publish, feature, rename, a price
-- recomputed, another category).
CREATE FUNCTION search.product_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search SET published = NEW.published, featured = NEW.featured, category_id = NEW.category_id,
    name = NEW.name, min_price_cents = NEW.min_price_cents, on_sale = NEW.on_sale, in_stock = NEW.in_stock,
    created_at = NEW.created_at
  WHERE product_id = NEW.id;
  RETURN NEW;
END
$$;
CREATE TRIGGER products_search_sync AFTER UPDATE OF published, featured, category_id, name, min_price_cents,
  on_sale, in_stock, created_at ON products FOR EACH ROW
  WHEN ((OLD.published, OLD.featured, OLD.category_id, OLD.name, OLD.min_price_cents, OLD.on_sale, OLD.in_stock,
    OLD.created_at) IS DISTINCT FROM (NEW.published, NEW.featured, NEW.category_id, NEW.name, NEW.min_price_cents,
    NEW.on_sale, NEW.in_stock, NEW.created_at))
  EXECUTE FUNCTION search.product_changed();

CREATE FUNCTION search.category_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search.refresh(ARRAY(SELECT p.id FROM products p WHERE p.category_id = NEW.id));
  RETURN NEW;
END
$$;
CREATE TRIGGER categories_search_rename AFTER UPDATE OF name ON categories FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search.category_renamed();

-- What each word of a search stands for: the catalogue's words (lexemes) that begin with its stem, or are
-- the stem of one of its corrections. A word corrects to the vocabulary's nearest words by trigrams (at most
-- three) unless the vocabulary has it as it is ("shirt" must not also find "skirt"); `last_is_prefix`
-- (suggestions as one types): the last word may be unfinished, so it needs no correction when a vocabulary
-- word begins with it, and is otherwise compared with the beginnings of words (word_similarity). A word
-- the dictionary drops (a stop word, with no correction) has no row.
CREATE FUNCTION search.word_terms(words text[], last_is_prefix boolean) RETURNS TABLE (n integer, terms text[])
LANGUAGE sql STABLE AS $$
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
  SELECT w.n, ARRAY(
      SELECT l.key FROM unnest(tsvector_to_array(to_tsvector('english', w.word))) AS p(stem)
      JOIN search_lists l ON l.kind IN ('w1', 'w2', 'w3') AND l.key >= p.stem AND l.key < p.stem || chr(1114111)
      UNION
      SELECT l.key FROM search_lists l WHERE l.kind IN ('w1', 'w2', 'w3')
        AND l.key = ANY(tsvector_to_array(to_tsvector('english', array_to_string(w.near, ' '))))
      ORDER BY 1)
  FROM w
  WHERE tsvector_to_array(to_tsvector('english', w.word || ' ' || array_to_string(w.near, ' '))) <> '{}'
  ORDER BY w.n
$$;

-- 'Did you mean': each word's closest vocabulary word, looser than a correction (null for none).
CREATE FUNCTION search.nearest(words text[]) RETURNS TABLE (word text, term text) LANGUAGE sql STABLE AS $$
  SELECT w.word, (SELECT t.term FROM search_terms t WHERE similarity(t.term, w.word) >= 0.2
    ORDER BY similarity(t.term, w.word) DESC, t.term LIMIT 1)
  FROM unnest(words) AS w(word)
$$;

-- The published products priced from lo to hi cents (null: open): the widest cells of the price grid that fit
-- in the range, and, within a dollar of its ends, the products from the price index.
CREATE FUNCTION search.priced(lo integer, hi integer) RETURNS integer[] LANGUAGE sql STABLE AS $$
  WITH r AS (SELECT greatest(coalesce(lo, 0), 0)::bigint AS a, least(coalesce(hi, 2147483646), 2147483646)::bigint + 1 AS b),
  d AS (SELECT r.a, r.b, (r.a + 99) / 100 AS da, greatest(r.b / 100, (r.a + 99) / 100) AS db FROM r),
  cells AS (
    SELECT l.ids FROM d, generate_series(0, 3) AS v(level),
      LATERAL (SELECT (10 ^ v.level)::bigint AS width) AS w,
      search_lists l
    WHERE l.kind = 'p' || v.level
      AND l.key >= search.cell((d.da + w.width - 1) / w.width) AND l.key < search.cell(d.db / w.width)
      AND NOT (v.level < 3 AND l.key::bigint / 10 >= (d.da + 10 * w.width - 1) / (10 * w.width)
        AND l.key::bigint / 10 < d.db / (10 * w.width))
  )
  SELECT (SELECT search.union_of(cells.ids) FROM cells)
    | ARRAY(SELECT p.id FROM products p, d WHERE p.published
        AND (p.min_price_cents >= d.a AND p.min_price_cents < least(d.da * 100, d.b)
          OR p.min_price_cents >= greatest(d.db * 100, d.da * 100) AND p.min_price_cents < d.b)
        ORDER BY p.id)
  FROM d
$$;

-- m narrowed by a search's filters (null: not set): `skip` left out, a category (its name, lower case), a
-- price range in cents, on sale, in stock, featured.
CREATE FUNCTION search.filtered(m integer[], skip integer, category text, lo integer, hi integer, sale boolean,
  stock boolean, feat boolean) RETURNS integer[] LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF skip IS NOT NULL THEN m := m - skip; END IF;
  IF category IS NOT NULL THEN
    m := m & search.list('c', (SELECT search.cell(c.id) FROM categories c WHERE lower(c.name) = category));
  END IF;
  IF sale THEN m := m & search.list('s', ''); END IF;
  IF stock THEN m := m - search.list('o', ''); END IF;
  IF feat THEN m := m & search.list('f', ''); END IF;
  IF (lo IS NOT NULL OR hi IS NOT NULL) AND icount(m) > 0 THEN m := m & search.priced(lo, hi); END IF;
  RETURN m;
END
$$;

-- Ranks first..last of m in the order `sort` (price_asc, price_desc, newest, name): down the order's cells
-- (price $100, $10, $1; the day / 32, the day; a name's first byte, first two), into only those the ranks
-- fall in, to a few products, which are then sorted by their values in product_search.
CREATE FUNCTION search.sorted(m integer[], sort text, first integer, last integer, level integer DEFAULT 1,
  parent bigint DEFAULT NULL) RETURNS integer[] LANGUAGE plpgsql STABLE AS $$
DECLARE
  kinds text[] := CASE WHEN sort LIKE 'price%' THEN '{p2,p1,p0}' WHEN sort = 'newest' THEN '{d1,d0}' ELSE '{n1,n0}' END;
  width integer := CASE WHEN sort LIKE 'price%' THEN 10 WHEN sort = 'newest' THEN 32 ELSE 256 END;
  descending boolean := sort IN ('price_desc', 'newest');
  cell search.tier; part integer[]; n integer; before integer := 0; got integer[] := '{}';
BEGIN
  IF icount(m) <= 100 OR level > cardinality(kinds) THEN
    RETURN ARRAY(SELECT s.product_id FROM unnest(m) AS x(id) JOIN product_search s ON s.product_id = x.id
      ORDER BY CASE WHEN sort = 'price_asc' THEN s.min_price_cents END,
        CASE WHEN sort = 'price_desc' THEN s.min_price_cents END DESC,
        CASE WHEN sort = 'newest' THEN s.created_at END DESC, CASE WHEN sort = 'name' THEN s.name END,
        CASE WHEN descending THEN s.product_id END DESC, s.product_id
      OFFSET first - 1 LIMIT last - first + 1);
  END IF;
  FOR cell IN SELECT l.key::integer, l.ids FROM search_lists l WHERE l.kind = kinds[level]
      AND (parent IS NULL OR l.key >= search.cell(parent * width) AND l.key < search.cell((parent + 1) * width))
      ORDER BY CASE WHEN descending THEN l.key END DESC, l.key LOOP
    part := m & cell.ids;
    n := icount(part);
    IF n > 0 AND before + n >= first THEN
      got := got || search.sorted(part, sort, greatest(first - before, 1), least(last - before, n), level + 1, cell.key);
    END IF;
    before := before + n;
    EXIT WHEN before >= last;
  END LOOP;
  RETURN got;
END
$$;

-- One page of a search: ranks first..last (from 1) of the products matching it, and how many match.
-- `terms` are the catalogue words the search words stand for, `groups` which word each stands for (1 to
-- `words`; a word standing for nothing has none). The products having every word, narrowed by the filters;
-- failing that and where `fallback` allows, those having some (match 'some'). By relevance, a product ranks
-- by 100 plus its best weight (3 name, 2 category or attribute, 1 other) for each word it has, summed (so
-- the most words first), then newest (highest id) first; in another order, search.sorted.
CREATE FUNCTION search.page(terms text[], groups integer[], words integer, skip integer, category text, lo integer,
  hi integer, sale boolean, stock boolean, feat boolean, sort text, first integer, last integer, fallback boolean,
  OUT match text, OUT total integer, OUT ids integer[]) LANGUAGE plpgsql STABLE AS $$
DECLARE
  g integer; weights search.tier[] := '{}'; m integer[]; w3 integer[]; w2 integer[]; w1 integer[];
  tiers search.tier[]; t search.tier; before integer := 0; n integer;
BEGIN
  -- Each word's products by best weight (weights[3g-2] weight 3, [3g-1] 2, [3g] 1, overlapping), and m,
  -- those having every word.
  FOR g IN 1..words LOOP
    SELECT coalesce(search.union_of(l.ids) FILTER (WHERE l.kind = 'w3'), '{}'),
        coalesce(search.union_of(l.ids) FILTER (WHERE l.kind = 'w2'), '{}'),
        coalesce(search.union_of(l.ids) FILTER (WHERE l.kind = 'w1'), '{}')
      INTO w3, w2, w1 FROM search_lists l
      WHERE l.kind IN ('w1', 'w2', 'w3') AND l.key = ANY(ARRAY(SELECT terms[j] FROM generate_subscripts(terms, 1) AS j WHERE groups[j] = g));
    weights := weights || ROW(3, w3)::search.tier || ROW(2, w2)::search.tier || ROW(1, w1)::search.tier;
    m := CASE WHEN g = 1 THEN w3 | w2 | w1 ELSE m & (w3 | w2 | w1) END;
  END LOOP;
  m := search.filtered(m, skip, category, lo, hi, sale, stock, feat);
  match := 'all';
  IF icount(m) = 0 AND fallback AND words > 1 THEN
    m := search.filtered((SELECT search.union_of(x.ids) FROM unnest(weights) AS x), skip, category, lo, hi, sale, stock, feat);
    match := 'some';
  END IF;
  total := icount(m);
  IF total = 0 THEN
    match := 'none';
    ids := '{}';
  ELSIF sort <> 'relevance' THEN
    ids := search.sorted(m, sort, first, last);
  ELSE
    -- Tiers of equal rank, best first: each word splits every tier by the product's best weight for it.
    tiers := ARRAY[ROW(0, m)::search.tier];
    FOR g IN 1..words LOOP
      w3 := m & (weights[3 * g - 2]).ids;
      w2 := (m & (weights[3 * g - 1]).ids) - w3;
      w1 := CASE WHEN match = 'all' THEN m - w3 - w2 ELSE (m & (weights[3 * g]).ids) - w3 - w2 END;
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
      IF before + n >= first THEN
        ids := ids || (sort_desc(t.ids))[greatest(first - before, 1):least(last - before, n)];
      END IF;
      before := before + n;
      EXIT WHEN before >= last;
    END LOOP;
  END IF;
END
$$;

-- The definition may have changed what the lists hold: made again from product_search.
SELECT search.rebuild_lists();
