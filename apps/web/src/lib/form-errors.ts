import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api.ts';

export type FieldMessages = Record<string, { type: string; message: string }>;

/** The first message of each field of a failed parse, as react-hook-form errors. */
export function zodFieldMessages(error: z.ZodError): FieldMessages {
  const out: FieldMessages = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'root');
    out[key] ??= { type: issue.code, message: issue.message };
  }
  return out;
}

/**
 * Puts a refused request's field messages beside the fields the visitor or admin filled in (the values stay
 * as typed). A nested name ('hours.week.mon.0.close') goes to that field of a listed one. `rename` maps an API
 * field name onto the form's own, e.g. file -> images.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  err: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  rename: Record<string, Path<T>> = {},
): void {
  if (!(err instanceof ApiError) || !err.fieldErrors) return;
  for (const [name, list] of Object.entries(err.fieldErrors)) {
    const field = rename[name] ?? ((fields as readonly string[]).some((f) => f === name || name.startsWith(`${f}.`)) ? name : undefined);
    const message = list[0];
    if (field && message) setError(field as Path<T>, { type: 'server', message });
  }
}
