import type { ComponentProps } from 'react';

type Variant = 'primary' | 'secondary' | 'danger';

const styles: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
};

/**
 * `busy`: the button cannot act now (what it started is being sent, or there is nothing yet for it to do). It is
 * marked `aria-disabled` and ignores presses (a form is not sent twice), but stays focusable: a `disabled` button
 * would drop the keyboard's focus to the top of the page.
 */
export function Button({
  variant = 'primary',
  className = '',
  busy = false,
  onClick,
  ...props
}: ComponentProps<'button'> & { variant?: Variant; busy?: boolean }) {
  return (
    <button
      type="button"
      className={`inline-flex items-center justify-center rounded-lg px-4 py-2 font-semibold disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${styles[variant]} ${className}`}
      aria-disabled={busy || undefined}
      onClick={(e) => {
        if (busy) e.preventDefault();
        else onClick?.(e);
      }}
      {...props}
    />
  );
}
