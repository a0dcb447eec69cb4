import { Fragment } from 'react';

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

/** Where a page control leads: a call (a list within a page), or each page's own address (a list of pages). */
type PageTarget =
  { onChange: (page: number) => void; href?: undefined } | { href: (page: number) => string; onChange?: undefined };

/**
 * Prev, numbered pages and Next; nothing at all when there is only one page. Given `href`, they are links, which
 * work before any script runs and which search engines follow; given `onChange`, buttons.
 */
export function Pagination({
  page,
  pages,
  label = 'Pagination',
  ...target
}: { page: number; pages: number; label?: string } & PageTarget) {
  if (pages <= 1) return null;
  const base =
    'min-w-10 rounded-lg border px-3 py-2 text-center text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50';
  const plain = `${base} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
  const control = (
    to: number,
    className: string,
    content: string,
    attributes: { 'aria-current'?: 'page'; 'aria-label'?: string } = {},
  ) => {
    const none = to < 1 || to > pages;
    if (!target.href) {
      return (
        <button type="button" className={className} disabled={none} onClick={() => target.onChange(to)} {...attributes}>
          {content}
        </button>
      );
    }
    return none ? (
      <span aria-disabled="true" className={`${className} cursor-not-allowed opacity-50`}>
        {content}
      </span>
    ) : (
      <a href={target.href(to)} className={className} {...attributes}>
        {content}
      </a>
    );
  };
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-center gap-2">
      {control(page - 1, plain, 'Prev')}
      {pageWindow(page, pages).map((n, i) =>
        n === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <Fragment key={n}>
            {control(n, n === page ? `${base} border-brand-600 bg-brand-600 text-white` : plain, String(n), {
              'aria-current': n === page ? 'page' : undefined,
              'aria-label': `Page ${n}`,
            })}
          </Fragment>
        ),
      )}
      {control(page + 1, plain, 'Next')}
    </nav>
  );
}
