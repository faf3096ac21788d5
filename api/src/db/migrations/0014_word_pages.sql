-- A search page of one word, or of both of two words, ranked, in one function call each (PostgreSQL only,
-- like the posting lists of 0013).
--
-- store_one_word_page(g, skip, first, last): the ids of ranks first..last and the exact total of the
-- products having one of the catalogue words g (less `skip`), by their best weight, then newest id first,
-- as rankedMatches ranks them from search_words' index. That statement's join over the words of g made
-- PostgreSQL plan it at every request (its generic plan, not knowing the array, looked costlier): 0.2 of
-- its 0.4 ms at 100,000 products, and its count read up to 1,001 index rows. A word with one posting row
-- (one catalogue word at one weight) is ranked by its list alone, read once.
--
-- store_two_word_page: what service.ts's everyWordPage computed in one statement of materialized CTEs, which copied a word's lists
-- into each CTE and read them again from there (`black boots`: the 68,000-id "black" list read three times
-- and copied about six, 1.6 ms of the statement's 2.4).
--
-- store_two_word_page(g0, g1, skip, first, last, fallback): g0 and g1 are the catalogue words each search
-- word stands for (search_lexemes terms). Returns the ids of ranks first..last and the exact total of the
-- products having both words (less `skip`), ranked by their summed weights (6..2), then newest id first,
-- as the full evaluation ranks them: match 'all'. When none has both and `fallback`, those having either,
-- ranked by their best weight, then newest id first, as rankedMatches ranks them: match 'some'. Otherwise
-- match 'none'.
--
-- How: first which posting rows each word has (term and weight, read without their lists). A word with one
-- row (one catalogue word at one weight: the usual case, and that of the long lists such as a colour's) has
-- its list read once, inside the statement that intersects it, and never kept in a PL/pgSQL variable (a
-- variable holding a 68,000-id list copied it at every use); all of the intersection m is at its weight.
-- A word with several rows has them read once, by weight, into variables (their unions), and splits m by
-- its best weight. Each rank tier is an ascending intarray result, so its part of the page is read from
-- its end (store_ranked_slice) instead of sorting the tier.
DO $$
BEGIN
  IF version() NOT LIKE '%emscripten%' THEN
    CREATE FUNCTION store_ranked_slice(ranked integer[], tier integer[], before integer, first integer, last integer)
    RETURNS integer[] LANGUAGE sql IMMUTABLE AS $f$
      -- The tier holds ranks before + 1 .. before + icount(tier), in descending id order: its part of
      -- ranks first..last, added to those ranked before it.
      SELECT CASE WHEN before >= last OR before + icount(tier) < first THEN ranked
        ELSE ranked + sort_desc(tier[icount(tier) - least(last - before, icount(tier)) + 1
                                    : icount(tier) - greatest(first - before, 1) + 1]) END
    $f$;

    -- The products having one of `terms` at `at_weight`, as one sorted list.
    CREATE FUNCTION store_posting_union(terms text[], at_weight integer) RETURNS integer[] LANGUAGE sql STABLE AS $f$
      SELECT coalesce(store_int_union(p.ids), '{}') FROM search_postings p
      WHERE p.term = ANY(terms) AND p.weight = at_weight
    $f$;

    CREATE FUNCTION store_one_word_page(g text[], skip integer, first integer, last integer,
      OUT total integer, OUT ids integer[])
    LANGUAGE plpgsql STABLE AS $f$
    DECLARE
      n integer;
      t1 integer[] := '{}'; t2 integer[] := '{}'; t3 integer[] := '{}';
    BEGIN
      SELECT count(*) INTO n FROM search_postings p WHERE p.term = ANY(g);
      IF n = 1 THEN
        -- One posting row: its list, newest first, is the ranking.
        t1 := (SELECT CASE WHEN skip IS NULL THEN p.ids ELSE p.ids - skip END FROM search_postings p WHERE p.term = ANY(g));
      ELSIF n > 1 THEN
        -- By best weight: 3, else 2, else 1.
        t1 := store_posting_union(g, 3);
        t2 := store_posting_union(g, 2) - t1;
        t3 := store_posting_union(g, 1) - t1 - t2;
        IF skip IS NOT NULL THEN t1 := t1 - skip; t2 := t2 - skip; t3 := t3 - skip; END IF;
      END IF;
      total := icount(t1) + icount(t2) + icount(t3);
      ids := store_ranked_slice('{}', t1, 0, first, last);
      ids := store_ranked_slice(ids, t2, icount(t1), first, last);
      ids := store_ranked_slice(ids, t3, icount(t1) + icount(t2), first, last);
    END
    $f$;

    CREATE FUNCTION store_two_word_page(g0 text[], g1 text[], skip integer, first integer, last integer,
      fallback boolean, OUT match text, OUT total integer, OUT ids integer[])
    LANGUAGE plpgsql STABLE AS $f$
    DECLARE
      na integer; wa smallint[]; nb integer; wb smallint[];
      a3 integer[]; a2 integer[]; a1 integer[]; ra integer[];
      b3 integer[]; b2 integer[]; b1 integer[]; rb integer[];
      m integer[]; x3 integer[]; x2 integer[]; x1 integer[]; y3 integer[]; y2 integer[]; y1 integer[];
      t1 integer[] := '{}'; t2 integer[] := '{}'; t3 integer[] := '{}'; t4 integer[] := '{}'; t5 integer[] := '{}';
    BEGIN
      -- Each word's posting rows: how many, at which weights.
      SELECT count(*) FILTER (WHERE p.term = ANY(g0)), array_agg(DISTINCT p.weight) FILTER (WHERE p.term = ANY(g0)),
        count(*) FILTER (WHERE p.term = ANY(g1)), array_agg(DISTINCT p.weight) FILTER (WHERE p.term = ANY(g1))
      INTO na, wa, nb, wb FROM search_postings p WHERE p.term = ANY(g0 || g1);
      -- A word with several rows: its lists by weight, and all of them (ra, rb).
      IF na > 1 THEN
        SELECT coalesce(store_int_union(p.ids) FILTER (WHERE p.weight = 3), '{}'),
          coalesce(store_int_union(p.ids) FILTER (WHERE p.weight = 2), '{}'),
          coalesce(store_int_union(p.ids) FILTER (WHERE p.weight = 1), '{}')
        INTO a3, a2, a1 FROM search_postings p WHERE p.term = ANY(g0);
        ra := a3 | a2 | a1;
      END IF;
      IF nb > 1 THEN
        SELECT coalesce(store_int_union(p.ids) FILTER (WHERE p.weight = 3), '{}'),
          coalesce(store_int_union(p.ids) FILTER (WHERE p.weight = 2), '{}'),
          coalesce(store_int_union(p.ids) FILTER (WHERE p.weight = 1), '{}')
        INTO b3, b2, b1 FROM search_postings p WHERE p.term = ANY(g1);
        rb := b3 | b2 | b1;
      END IF;
      -- The products having both words; a word's only row read here, once.
      m := CASE WHEN na = 0 OR nb = 0 THEN '{}'::integer[]
        WHEN na = 1 AND nb = 1 THEN
          (SELECT p.ids FROM search_postings p WHERE p.term = ANY(g0)) & (SELECT p.ids FROM search_postings p WHERE p.term = ANY(g1))
        WHEN na = 1 THEN (SELECT p.ids FROM search_postings p WHERE p.term = ANY(g0)) & rb
        WHEN nb = 1 THEN ra & (SELECT p.ids FROM search_postings p WHERE p.term = ANY(g1))
        ELSE ra & rb END;
      IF skip IS NOT NULL THEN m := m - skip; END IF;
      total := icount(m);
      IF total > 0 THEN
        match := 'all';
        -- Within m, each word's best weight (x for the first word, y for the second).
        IF na = 1 THEN
          x3 := CASE WHEN wa[1] = 3 THEN m ELSE '{}' END; x2 := CASE WHEN wa[1] = 2 THEN m ELSE '{}' END;
        ELSE
          x3 := m & a3; x2 := (m & a2) - x3;
        END IF;
        x1 := m - x3 - x2;
        IF nb = 1 THEN
          y3 := CASE WHEN wb[1] = 3 THEN m ELSE '{}' END; y2 := CASE WHEN wb[1] = 2 THEN m ELSE '{}' END;
        ELSE
          y3 := m & b3; y2 := (m & b2) - y3;
        END IF;
        y1 := m - y3 - y2;
        -- The tiers of summed weights 6, 5, 4, 3, 2.
        t1 := x3 & y3;
        t2 := (x3 & y2) | (x2 & y3);
        t3 := (x3 & y1) | (x2 & y2) | (x1 & y3);
        t4 := (x2 & y1) | (x1 & y2);
        t5 := x1 & y1;
      ELSIF fallback THEN
        -- No product has both words: those having either, by their best weight.
        t1 := store_posting_union(g0 || g1, 3);
        t2 := store_posting_union(g0 || g1, 2) - t1;
        t3 := store_posting_union(g0 || g1, 1) - t1 - t2;
        IF skip IS NOT NULL THEN t1 := t1 - skip; t2 := t2 - skip; t3 := t3 - skip; END IF;
        total := icount(t1) + icount(t2) + icount(t3);
        match := CASE WHEN total > 0 THEN 'some' ELSE 'none' END;
      ELSE
        match := 'none';
      END IF;
      -- The page: ranks first..last of the tiers in turn.
      ids := store_ranked_slice('{}', t1, 0, first, last);
      ids := store_ranked_slice(ids, t2, icount(t1), first, last);
      ids := store_ranked_slice(ids, t3, icount(t1) + icount(t2), first, last);
      ids := store_ranked_slice(ids, t4, icount(t1) + icount(t2) + icount(t3), first, last);
      ids := store_ranked_slice(ids, t5, icount(t1) + icount(t2) + icount(t3) + icount(t4), first, last);
    END
    $f$;
  END IF;
END
$$;
