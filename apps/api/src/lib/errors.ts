/** The one error type services throw; the error handler turns it into `{ success: false, message }`. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;
  /** Seconds to wait before trying again (the Retry-After header of a 429 or 503). */
  readonly retryAfter: number | undefined;

  constructor(
    statusCode: number,
    message: string,
    options: { code?: string; fieldErrors?: Record<string, string[]>; retryAfter?: number } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors;
    this.retryAfter = options.retryAfter;
  }
}

export const notFound = (message: string) => new AppError(404, message, { code: 'NOT_FOUND' });

/** A 400 for one field, shaped like a schema failure so forms can show it beside the field. */
export const fieldError = (field: string, message: string) =>
  new AppError(400, message, { code: 'VALIDATION', fieldErrors: { [field]: [message] } });
