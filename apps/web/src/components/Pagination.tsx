/** Pages shown as buttons when there are more than this; otherwise every page has one. */
const ALL_SHOWN = 7;

/**
 * The page numbers to draw, in order, with 'gap' where pages are left out: every page up to 7; beyond that the
 * first, the last, and the current page with its neighbours (the first or last five near either end), so a list of
 * 10,000 pages draws 7 buttons, not 10,000.
 */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  if (pages <= ALL_SHOWN) return Array.from({ length: pages }, (_, i) => i + 1);
  const shown = new Set([1, pages, page - 1, page, page + 1]);
  if (page <= 4) for (let n = 2; n <= 5; n++) shown.add(n);
  if (page >= pages - 3) for (let n = pages - 4; n < pages; n++) shown.add(n);
  const numbers = [...shown].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return numbers.flatMap((n, i) => (i > 0 && n - numbers[i - 1]! > 1 ? ['gap' as const, n] : [n]));
}

/** Prev, numbered pages and Next; nothing at all when there is only one page. */
export function Pagination({ page, pages, onChange, label = 'Pagination' }: { page: number; pages: number; onChange: (page: number) => void; label?: string }) {
  if (pages <= 1) return null;
  const base = 'min-w-10 rounded-lg border px-3 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-center gap-2">
      <button type="button" className={`${base} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Prev
      </button>
      {pageWindow(page, pages).map((n, i) =>
        n === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <button
            key={n}
            type="button"
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            className={`${base} ${n === page ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
            onClick={() => onChange(n)}
          >
            {n}
          </button>
        ),
      )}
      <button type="button" className={`${base} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`} disabled={page >= pages} onClick={() => onChange(page + 1)}>
        Next
      </button>
    </nav>
  );
}
