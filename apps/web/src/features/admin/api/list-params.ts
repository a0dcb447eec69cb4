import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's page, search text and problem filter (`fix`, from the dashboard's things to fix), kept in the address so
 * Back and reloads keep the admin's place.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const q = params.get('q') ?? '';
  const fix = params.get('fix') ?? '';
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
