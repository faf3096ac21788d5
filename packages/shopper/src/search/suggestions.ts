import type { ProductSuggestResponse } from '@store/contracts';
import { http, queryKeys, useQuery } from '@store/http';

/** Below this many letters a term suggests nothing (one letter matches half the catalogue). */
export const SUGGEST_MIN_LENGTH = 2;
export const SUGGEST_LIMIT = 6;

export async function getSuggestions(term: string): Promise<ProductSuggestResponse> {
  return (await http.get<ProductSuggestResponse>('products/suggest', { params: { q: term, limit: SUGGEST_LIMIT } }))
    .data;
}

/** Suggestions for a (debounced) term; keeps the previous lines while the next ones load, so the list does not flicker. */
export function useSuggestions(term: string) {
  const q = term.trim().toLowerCase();
  return useQuery({
    queryKey: queryKeys.productSuggestions(q),
    queryFn: () => getSuggestions(q),
    enabled: q.length >= SUGGEST_MIN_LENGTH,
    staleTime: 60_000,
    placeholderData: (previous) => (q.length >= SUGGEST_MIN_LENGTH ? previous : undefined),
  });
}
