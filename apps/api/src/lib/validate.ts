import { fieldErrorsOf } from '@shop/shared';
import { z } from 'zod';
import { AppError } from './errors.ts';

/**
 * Parses a payload with its shared schema (of zod's full API or zod/mini); a failure is a 400 with the first message
 * and every field's messages.
 */
export function parse<T extends z.core.$ZodType>(schema: T, data: unknown): z.output<T> {
  const result = z.safeParse(schema, data ?? {});
  if (result.success) return result.data;
  const fieldErrors = fieldErrorsOf(result.error);
  const first = result.error.issues[0]?.message ?? 'Invalid request';
  throw new AppError(400, first, { code: 'VALIDATION', fieldErrors });
}
