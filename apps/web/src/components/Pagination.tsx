/** Prev, numbered pages and Next; nothing at all when there is only one page. */
export function Pagination({ page, pages, onChange, label = 'Pagination' }: { page: number; pages: number; onChange: (page: number) => void; label?: string }) {
  if (pages <= 1) return null;
  const base = 'min-w-10 rounded-lg border px-3 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-center gap-2">
      <button type="button" className={`${base} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Prev
      </button>
      {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
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
      ))}
      <button type="button" className={`${base} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`} disabled={page >= pages} onClick={() => onChange(page + 1)}>
        Next
      </button>
    </nav>
  );
}
