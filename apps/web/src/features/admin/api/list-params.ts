import { PAGE_MAX } from '@shop/shared';
import { useCallback, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** A list's page in the address: 1 for anything but a whole number over 1, and the API's furthest page at most. */
export const pageParam = (params: URLSearchParams) =>
  Math.min(Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1), PAGE_MAX);

/**
 * A list's page, search text and problem filter (`fix`, from the dashboard's things to fix, one of the list's
 * `fixes`), kept in the address so Back and reloads keep the admin's place. A problem the list does not know (an old
 * link) filters nothing, rather than showing the API's refusal of it.
 */
export function useListParams(fixes: Record<string, string> = {}) {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const q = params.get('q') ?? '';
  const given = params.get('fix') ?? '';
  const fix = Object.hasOwn(fixes, given) ? given : '';
  const setPage = useCallback(
    (next: number) =>
      setParams((p) => {
        const out = new URLSearchParams(p);
        if (next > 1) out.set('page', String(next));
        else out.delete('page');
        return out;
      }),
    [setParams],
  );
  const setQuery = useCallback(
    (next: string) =>
      setParams(
        (p) => {
          const out = new URLSearchParams(p);
          out.delete('page');
          if (next) out.set('q', next);
          else out.delete('q');
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clearFix = useCallback(
    () =>
      setParams((p) => {
        const out = new URLSearchParams(p);
        out.delete('fix');
        out.delete('page');
        return out;
      }),
    [setParams],
  );
  return { page, q, fix, setPage, setQuery, clearFix };
}

/**
 * A list's page past its last (an old link, or a delete that emptied the last page) is replaced by the last, in
 * place, so Back does not lead to the empty page again; an empty list's by the first. Only by the list's own answer
 * for this address: not by another page's or filter's, standing in while it loads.
 */
export function useLastPage(
  list: { isSuccess: boolean; isPlaceholderData: boolean; data?: { pages?: number | undefined } | undefined },
  page: number,
) {
  const [, setParams] = useSearchParams();
  const loaded = list.isSuccess && !list.isPlaceholderData;
  const pages = list.data?.pages ?? 1;
  useEffect(() => {
    if (!loaded || page <= Math.max(pages, 1)) return;
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (pages > 1) out.set('page', String(pages));
        else out.delete('page');
        return out;
      },
      { replace: true },
    );
  }, [loaded, page, pages, setParams]);
}

/** What a list's Edit link hands the edit page: the list's query (page, search, problem), to go back to. */
export interface FromList {
  list: string;
}

/**
 * Where an edit page (its Update, its Cancel, its Back) returns: the list at `path`, on the page, search and problem
 * the admin came from by its Edit link, or its first page when they came another way.
 */
export function useBackToList(path: string): string {
  const state: unknown = useLocation().state;
  const list = state && typeof state === 'object' && 'list' in state ? state.list : undefined;
  return typeof list === 'string' && list.startsWith('?') ? path + list : path;
}
