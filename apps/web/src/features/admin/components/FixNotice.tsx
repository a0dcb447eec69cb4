import { AlertIcon } from './icons.tsx';

/** Says which of the dashboard's things to fix a list is filtered to, with a way back to the whole list. */
export function FixNotice({ title, onClear }: { title: string; onClear: () => void }) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      <AlertIcon className="h-5 w-5 shrink-0 text-amber-800" />
      <p className="flex-1">
        Showing only: <strong>{title}</strong>
      </p>
      <button type="button" onClick={onClear} className="rounded font-semibold text-brand-700 underline hover:text-ink">
        Show all
      </button>
    </div>
  );
}
