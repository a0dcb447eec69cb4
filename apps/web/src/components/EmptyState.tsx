import type { ReactNode } from 'react';

export function EmptyState({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'error' }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : undefined}
      className={`py-10 text-center text-base ${tone === 'error' ? 'text-red-700' : 'text-slate-600'}`}
    >
      {children}
    </p>
  );
}
