import { ACCEPTED_IMAGE_TYPES } from '@shop/shared';
import { useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { screenPictures } from './picture-files.ts';

/**
 * A picture picker styled as a button. It hands over the picked files that are pictures the shop takes, at most
 * `room` of them, and names each file it refused beside itself until the next choice (picture-files.ts); then it
 * empties itself, so the same file can be picked again and a reset form never keeps a stale file.
 */
export function FilePicker({
  id,
  label,
  buttonText,
  hint,
  multiple = false,
  room = multiple ? Number.POSITIVE_INFINITY : 1,
  error,
  disabled,
  onFiles,
}: {
  id: string;
  label: string;
  buttonText: string;
  hint?: string;
  multiple?: boolean;
  /** How many more pictures the field takes. */
  room?: number;
  error?: string | undefined;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const [refused, setRefused] = useState<string[]>([]);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <span className="mb-1 block text-sm font-medium text-slate-800">{label}</span>
      <input
        id={id}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        multiple={multiple}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="peer sr-only"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length === 0) return;
          void screenPictures(files, room).then(({ taken, refused }) => {
            setRefused(refused);
            if (taken.length) onFiles(taken);
          });
        }}
      />
      <label
        htmlFor={id}
        className={`inline-flex cursor-pointer items-center rounded-lg border px-4 py-2 text-sm font-semibold peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 ${
          error ? 'border-red-600 text-red-700' : 'border-brand-600 text-brand-700 hover:bg-brand-50'
        }`}
      >
        {buttonText}
      </label>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      <div aria-live="polite">
        {refused.map((message) => (
          <p key={message} className="mt-1 text-sm text-red-700">
            {message}
          </p>
        ))}
      </div>
    </div>
  );
}

/**
 * A form's reset that also renews its pickers: give each FilePicker `key={pickerKey}`, so a reset form no longer
 * lists the refusals of files chosen before it.
 */
export function usePickerReset<T extends FieldValues>(form: UseFormReturn<T>) {
  const [pickerKey, setPickerKey] = useState(0);
  const reset = (values: T) => {
    form.reset(values);
    setPickerKey((n) => n + 1);
  };
  return { pickerKey, reset };
}

/** A temporary URL showing a picked file before it is uploaded, released when no longer shown. */
export function useObjectUrl(file: File | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** The 100 px preview of a form's image, with a button to take it out. */
export function ImagePreview({
  src,
  srcSet,
  alt,
  onRemove,
  removeLabel,
}: {
  src: string | undefined;
  srcSet?: string | undefined;
  alt: string;
  onRemove?: () => void;
  removeLabel: string;
}) {
  return (
    <li className="relative h-[100px] w-[100px]">
      {src && (
        <img
          src={src}
          srcSet={srcSet}
          sizes="100px"
          alt={alt}
          width={100}
          height={100}
          className="h-[100px] w-[100px] rounded-lg border border-slate-200 bg-white object-cover"
        />
      )}
      {onRemove && (
        <button
          type="button"
          aria-label={removeLabel}
          onClick={onRemove}
          className="absolute -top-2 -right-2 flex h-7 w-7 items-center justify-center rounded-full bg-red-700 text-white shadow hover:bg-red-800"
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </li>
  );
}

export function FilePreview({ file, onRemove, removeLabel }: { file: File; onRemove?: () => void; removeLabel: string }) {
  const url = useObjectUrl(file);
  return <ImagePreview src={url} alt={file.name} onRemove={onRemove} removeLabel={removeLabel} />;
}
