import { formatGBP, type SearchKind, type SearchResponse, type SearchResult } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, query } from './api.ts';

/** The shortest query the search answers (the API answers nothing to one character). */
export const SEARCH_MIN_LENGTH = 2;

interface SearchOptions {
  kind?: SearchKind | undefined;
  limit?: number;
}

/** The query of the results for `q` (trimmed): for useQuery, or for fetchQuery when they are needed at once. */
export function searchQuery(q: string, { kind, limit }: SearchOptions = {}) {
  const text = q.trim();
  return {
    queryKey: ['search', text, kind ?? 'all', limit ?? 'default'],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api<SearchResponse>(`/search${query({ q: text, kind, limit })}`, { signal }).then((r) => r.results),
    staleTime: 60_000,
  };
}

/** Search results for `q` (trimmed), kept while the next ones load; nothing is asked for a shorter query. */
export function useSearch(q: string, options: SearchOptions = {}) {
  return useQuery<SearchResult[]>({
    ...searchQuery(q, options),
    enabled: q.trim().length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}

/** What a result's kind is called beside it. */
export const KIND_LABELS: Record<SearchKind, string> = { repair: 'Repair prices', brand: 'Brand', product: 'Phone or accessory' };

/** A repair page's price: of the repair the query named ('Screen Repair £129'), or its cheapest ('Repairs from £59'). */
export const repairPrice = (r: SearchResult, price: number) =>
  r.repair ? `${r.repair} Repair ${formatGBP(price)}` : `Repairs from ${formatGBP(price)}`;
