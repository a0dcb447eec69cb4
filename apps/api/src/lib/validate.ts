import { fieldErrorsOf } from '@shop/shared';
import type { z } from 'zod';
import { AppError } from './errors.ts';

/** Parses a payload with its shared schema; a failure is a 400 with the first message and every field's messages. */
export function parse<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const fieldErrors = fieldErrorsOf(result.error);
  const first = result.error.issues[0]?.message ?? 'Invalid request';
  throw new AppError(400, first, { code: 'VALIDATION', fieldErrors });
}
