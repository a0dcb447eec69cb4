import type { ReactNode } from 'react';
import { telHref } from '../../../lib/shop-info.ts';

type Props = { children: ReactNode; className?: string; variant?: 'primary' | 'light' | 'outline' } & (
  { phone: string } | { to: string }
);

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  light: 'bg-white text-ink hover:bg-brand-50',
  outline: 'border-2 border-brand-600 text-brand-700 hover:bg-brand-50',
};

/** The shop's common button: it either dials a phone number or opens a page of the shop. */
export function ActionLink({ children, className = '', variant = 'primary', ...target }: Props) {
  const style = `inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-center font-semibold transition-colors ${variants[variant]} ${className}`;
  if ('phone' in target) {
    return (
      <a href={telHref(target.phone)} className={style}>
        {children}
      </a>
    );
  }
  return (
    <a href={target.to} className={style}>
      {children}
    </a>
  );
}
