import type {
  ProductCard,
  ProductListResponse,
  ProductSort,
  ProductSuggestResponse,
  productSuggestQuerySchema,
} from '@store/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { jsonText, type JsonText } from '../../lib/jsonText';
import { capMeta, countCap, type ListQuery } from '../catalog/paging';
import { searchPage } from './page';
import { nearestWords, searchWords } from './words';

/**
 * A search's page as JSON text: every word (or a typo-corrected form of it) first; failing that, the
 * products having some of the words; failing that, 'did you mean'. `catalogVersion`: the catalogue
 * version the page cache read (see wordGroups).
 */
export async function searchProductsJson(
  db: Db,
  q: ListQuery,
  words: string[],
  catalogVersion?: string,
): Promise<JsonText<ProductListResponse>> {
  const sort: ProductSort = q.sort ?? 'relevance';
  const found = await searchPage(db, q, sort, words, { fallback: true, catalogVersion });
  const search =
    found.match === 'none'
      ? { match: found.match, ...(await didYouMean(db, q, words, catalogVersion)) }
      : { match: found.match };
  const meta = capMeta(q, found.total, countCap(q));
  return jsonText(`{"data":${found.data},"meta":${JSON.stringify(meta)},"search":${JSON.stringify(search)}}`);
}

/**
 * 'Did you mean': the closest catalogue words (looser than the search's own correction), kept only if the
 * search finds something for them under its own filters (the suggestion's link keeps them). Words the
 * search already had are not tried again: it looked for all of them, then for some, under the same filters,
 * and found nothing.
 */
async function didYouMean(
  db: Db,
  q: ListQuery,
  words: string[],
  catalogVersion: string | undefined,
): Promise<{ suggestion?: string }> {
  const terms = (await nearestWords(db, words, catalogVersion)).filter((t): t is string => !!t);
  const searched = new Set(words);
  const candidates = [terms.join(' '), ...terms].filter(
    (c, i, all) => c && all.indexOf(c) === i && !c.split(' ').every((w) => searched.has(w)),
  );
  for (const candidate of candidates) {
    // The search itself, for a page of one: the same words, lists and filters as the link would use.
    const found = await searchPage(db, { ...q, page: 1, page_size: 1 }, 'relevance', candidate.split(' '), {
      fallback: false,
      catalogVersion,
    });
    if (found.total > 0) return { suggestion: candidate };
  }
  return {};
}

/**
 * Suggestions under the search field as the shopper types: the products having every word, best first,
 * the last word as an unfinished (or misspelt) beginning. No fallback to some of the words and no 'did you
 * mean': a few precise lines or none.
 */
export async function suggestProducts(
  db: Db,
  query: z.output<typeof productSuggestQuerySchema>,
  catalogVersion?: string,
): Promise<ProductSuggestResponse> {
  const words = searchWords(query.q);
  // A one-letter beginning ('blue s') would match most of a large catalogue, only to rank it all for six
  // lines: it waits for a second letter.
  if (words.length > 0 && words[words.length - 1]!.length < 2) words.pop();
  if (words.length === 0) return { data: [] };
  const page = await searchPage(db, { page: 1, page_size: query.limit }, 'relevance', words, {
    lastIsPrefix: true,
    fallback: false,
    catalogVersion,
  });
  const cards = JSON.parse(page.data) as ProductCard[];
  return {
    data: cards.map((p) => ({
      id: p.id,
      name: p.name,
      category: p.category,
      image: p.image,
      min_price: p.min_price,
      price_varies: p.price_varies,
    })),
  };
}
