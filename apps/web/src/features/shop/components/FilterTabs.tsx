export interface TabOption {
  id: string;
  label: string;
}

interface Props {
  /** The select's id, unique on the page. */
  id: string;
  /** Names the control, e.g. 'Filter phones by brand'. */
  label: string;
  options: TabOption[];
  value: string;
  onChange: (id: string) => void;
}

/** 'All' plus one tab per option; on phones (under 768 px) the same choice is a select. */
export function FilterTabs({ id: selectId, label, options, value, onChange }: Props) {
  const all: TabOption[] = [{ id: '', label: 'All' }, ...options];
  return (
    <div data-needs-script="">
      <div className="md:hidden">
        <label htmlFor={selectId} className="sr-only">
          {label}
        </label>
        <select
          id={selectId}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-ink"
        >
          {all.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div role="group" aria-label={label} className="hidden flex-wrap justify-center gap-2 md:flex">
        {all.map((o) => (
          <button
            key={o.id}
            type="button"
            aria-pressed={o.id === value}
            onClick={() => onChange(o.id)}
            className={`rounded-full border px-4 py-1.5 text-sm font-semibold transition-colors ${
              o.id === value
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:text-brand-700'
            }`}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}
