import type { SearchKind, SearchResponse, SearchResult } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, query } from './api.ts';

/** The shortest query the search answers (the API answers nothing to one character). */
export const SEARCH_MIN_LENGTH = 2;

/** Search results for `q` (trimmed), kept while the next ones load; nothing is asked for a shorter query. */
export function useSearch(q: string, { kind, limit }: { kind?: SearchKind | undefined; limit?: number } = {}) {
  const text = q.trim();
  return useQuery<SearchResult[]>({
    queryKey: ['search', text, kind ?? 'all', limit ?? 'default'],
    queryFn: ({ signal }) => api<SearchResponse>(`/search${query({ q: text, kind, limit })}`, { signal }).then((r) => r.results),
    enabled: text.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** What a result's kind is called beside it. */
export const KIND_LABELS: Record<SearchKind, string> = { repair: 'Repair prices', brand: 'Brand', product: 'Phone or accessory' };
