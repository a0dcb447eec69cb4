import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** Any react-hook-form error shape: only its message is shown. */
type ErrorLike = { message?: string | undefined } | undefined;

/** `id` defaults to `name`; give one when the same form can be on a page twice. */
type Described = { label: ReactNode; name: string; id?: string | undefined; error?: ErrorLike; hint?: ReactNode };

/** The label, the control and its messages; `control` gets the attributes that tie it to them. */
function Field({
  label,
  name,
  id = name,
  error,
  hint,
  className,
  control,
}: Described & { className?: string | undefined; control: (a11y: ControlAttributes) => ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control({
        id,
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
        className: controlClass,
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}

interface ControlAttributes {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

const controlClass =
  'min-h-[42px] w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-ink placeholder:text-slate-500 focus:border-brand-500 aria-invalid:border-red-600';

/** Form controls: labelled, their message announced beside them, borders at 3:1 contrast or more. */
export function InputField({ label, name, id, error, hint, className, ...rest }: Described & InputHTMLAttributes<HTMLInputElement>) {
  return <Field {...{ label, name, id, error, hint, className }} control={(a) => <input {...a} {...rest} />} />;
}

export function TextareaField({
  label,
  name,
  id,
  error,
  hint,
  className,
  ...rest
}: Described & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <Field {...{ label, name, id, error, hint, className }} control={(a) => <textarea {...a} {...rest} />} />;
}

type SelectOption = string | { value: string; label: string };

/**
 * A native select for short fixed lists (availability, discount, a post's status, an enquiry's status): options are
 * their own labels or value and label pairs; the placeholder ('Select...' unless given) offers no choice unless
 * `required` says one must always be chosen.
 */
export function NativeSelectField({
  label,
  name,
  id,
  error,
  hint,
  options,
  placeholder = 'Select...',
  className,
  required,
  ...rest
}: Described & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly SelectOption[]; placeholder?: string }) {
  return (
    <Field
      {...{ label, name, id, error, hint, className }}
      control={(a) => (
        <select {...a} required={required} {...rest}>
          {!required && <option value="">{placeholder}</option>}
          {options.map((o) => {
            const { value, label: text } = typeof o === 'string' ? { value: o, label: o } : o;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    />
  );
}
