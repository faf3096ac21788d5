import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/** The words of a search: lower case, letters and digits, at most eight, each once. */
export function searchWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && w.length <= 40);
  return [...new Set(words)].slice(0, 8);
}

/**
 * A search word as the catalogue words it stands for (search.word_terms), `n` its place from 1, `size` the
 * stored size of their lists (a search takes its rarest word first).
 */
export interface WordGroup {
  n: number;
  terms: string[];
  size: number;
}

/**
 * What the words of a search stand for, and each word's nearest catalogue word for 'did you mean',
 * remembered word by word for the catalogue version the request read (cachedCatalogText): the catalogue's
 * words change only with the catalogue, and every change to it bumps the version. A word's catalogue words
 * do not depend on the other words, only on whether it is the unfinished last word of a suggestion, so a
 * new phrase of words already seen needs no lookup (one of a search's two round trips). Per process,
 * bounded, emptied when the version changes; without a version (a caller outside the page cache) unused.
 */
const memo = {
  version: '',
  groups: new Map<string, Omit<WordGroup, 'n'> | null>(),
  nearest: new Map<string, string | null>(),
};
const MEMO_MAX = 20_000;

function memoFor(catalogVersion: string | undefined) {
  if (catalogVersion === undefined) return null;
  if (memo.version !== catalogVersion) {
    memo.version = catalogVersion;
    memo.groups.clear();
    memo.nearest.clear();
  }
  return memo;
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= MEMO_MAX) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/** The groups of the words that stand for something the dictionary keeps (a stop word has none). */
export async function wordGroups(
  db: Db,
  words: string[],
  lastIsPrefix: boolean,
  catalogVersion: string | undefined,
): Promise<WordGroup[]> {
  const keys = words.map((w, i) => `${lastIsPrefix && i === words.length - 1 ? 'prefix' : 'word'}:${w}`);
  const store = memoFor(catalogVersion);
  const known = store ? keys.map((k) => store.groups.get(k)) : [];
  if (store && known.every((group) => group !== undefined)) {
    return known.flatMap((group, i) => (group ? [{ n: i + 1, ...group }] : []));
  }
  const groups = await queryRows<WordGroup>(
    db,
    'search-words',
    () =>
      sql`SELECT n, terms FROM search.word_terms(${sql.placeholder('words')}::text[], ${sql.placeholder('prefix')}::boolean)`,
    { words, prefix: lastIsPrefix },
    { prepare: true },
  );
  // Stored for the version the lookup read, even if another request moved the memo on meanwhile.
  const later = memoFor(catalogVersion);
  if (later) {
    const byPlace = new Map(groups.map((g) => [g.n, { terms: g.terms, size: Number(g.size) }]));
    keys.forEach((key, i) => remember(later.groups, key, byPlace.get(i + 1) ?? null));
  }
  return groups.map((g) => ({ ...g, size: Number(g.size) }));
}

/** Each word's closest catalogue word for 'did you mean' (search.nearest), or none. */
export async function nearestWords(
  db: Db,
  words: string[],
  catalogVersion: string | undefined,
): Promise<(string | null)[]> {
  const store = memoFor(catalogVersion);
  const missing = words.filter((w) => !store?.nearest.has(w));
  const looked = new Map<string, string | null>();
  if (missing.length > 0) {
    const rows = await queryRows<{ word: string; term: string | null }>(
      db,
      'search-nearest',
      () => sql`SELECT word, term FROM search.nearest(${sql.placeholder('words')}::text[])`,
      { words: missing },
      { prepare: true },
    );
    const later = memoFor(catalogVersion);
    for (const row of rows) {
      looked.set(row.word, row.term);
      if (later) remember(later.nearest, row.word, row.term);
    }
  }
  return words.map((w) => (looked.has(w) ? looked.get(w)! : (store?.nearest.get(w) ?? null)));
}
