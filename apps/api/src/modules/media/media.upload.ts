import { MAX_IMAGE_BYTES, MAX_IMAGES } from '@shop/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../lib/errors.ts';
import { imageMessages } from './media.service.ts';

/** @fastify/multipart's limits: explicit, and tightened per call. */
export const MULTIPART_LIMITS = {
  limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_IMAGES, fields: 50, fieldSize: 100_000, parts: 60, headerPairs: 100 },
};

export interface UploadedForm {
  fields: Record<string, unknown>;
  files: Buffer[];
}

/**
 * A form from multipart (files under `file`, repeated) or from a JSON body (no files).
 * Every way a multipart body can be wrong becomes a 400, never a 500.
 */
export async function readForm(
  request: FastifyRequest,
  options: { maxFiles: number; tooManyFiles: string; fieldSize?: number },
): Promise<UploadedForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    return {
      fields: body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {},
      files: [],
    };
  }
  const fields: Record<string, unknown> = {};
  const files: Buffer[] = [];
  try {
    const limits = { files: options.maxFiles, ...(options.fieldSize ? { fieldSize: options.fieldSize } : {}) };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A browser sends an empty, unnamed part for a file input left empty.
        if (part.fieldname !== 'file' || (bytes.length === 0 && !part.filename)) continue;
        files.push(bytes);
        continue;
      }
      if (part.fieldname === '__proto__' || part.fieldname === 'constructor') continue;
      // Past the field size the parser cuts the value short: refused, never saved cut.
      if (part.valueTruncated) throw new AppError(400, 'A form field is too long');
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      const existing = fields[part.fieldname];
      fields[part.fieldname] =
        existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
  } catch (err) {
    throw formError(err, options.tooManyFiles);
  }
  return { fields, files };
}

function formError(err: unknown, tooManyFiles: string): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fieldError('file', imageMessages.tooLarge);
  if (code === 'FST_FILES_LIMIT') return fieldError('file', tooManyFiles);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError(400, 'Too many form fields');
  return new AppError(400, 'The form data could not be read');
}
