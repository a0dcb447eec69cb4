import type { InputHTMLAttributes } from 'react';
import type { FieldError } from 'react-hook-form';

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; error?: FieldError | undefined };

/** A labelled input with its validation message announced beside it. */
export function FormField({ label, name, error, className, ...input }: Props) {
  const errorId = `${name}-error`;
  return (
    <div className={className}>
      <label htmlFor={name} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-brand-500 aria-invalid:border-red-600"
        {...input}
      />
      {error?.message && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}
