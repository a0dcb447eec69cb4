export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex justify-center py-10">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
