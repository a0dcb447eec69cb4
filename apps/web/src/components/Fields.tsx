import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** Any react-hook-form error shape: only its message is shown. */
type ErrorLike = { message?: string | undefined } | undefined;

type Described = { label: string; name: string; error?: ErrorLike; hint?: string };

function describedBy(name: string, error: unknown, hint: string | undefined) {
  return [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function Messages({ name, error, hint }: { name: string; error?: ErrorLike; hint?: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={`${name}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
          {error.message}
        </p>
      )}
    </>
  );
}

const control =
  'min-h-[42px] w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-ink placeholder:text-slate-500 focus:border-brand-500 aria-invalid:border-red-600';

/** Form controls: labelled, their message announced beside them, borders at 3:1 contrast or more. */
export function InputField({ label, name, error, hint, className, ...rest }: Described & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={className}>
      <label htmlFor={name} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        className={control}
        {...rest}
      />
      <Messages name={name} error={error} hint={hint} />
    </div>
  );
}

export function TextareaField({
  label,
  name,
  error,
  hint,
  className,
  ...rest
}: Described & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className={className}>
      <label htmlFor={name} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        className={control}
        {...rest}
      />
      <Messages name={name} error={error} hint={hint} />
    </div>
  );
}

/** A native select for short fixed lists (availability, discount), with 'Select...' for no choice. */
export function NativeSelectField({
  label,
  name,
  error,
  hint,
  options,
  className,
  ...rest
}: Described & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly string[] }) {
  return (
    <div className={className}>
      <label htmlFor={name} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={name}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        className={control}
        {...rest}
      >
        <option value="">Select...</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      <Messages name={name} error={error} hint={hint} />
    </div>
  );
}
