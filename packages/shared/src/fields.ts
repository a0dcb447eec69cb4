import type { z } from 'zod';
import { addDays } from './open-status.ts';
import { dialledPhone } from './phone.ts';

/**
 * Rules for single fields that more than one schema module uses (schemas.ts, enquiry.ts, blog.ts). They build no
 * schema when imported, so a module that needs one of them costs nothing more.
 */

export const HIDDEN_CHARACTERS = 'Remove the invisible control characters from this text';

/**
 * Characters no text of the shop keeps: control characters (NUL among them, which PostgreSQL cannot store and SQLite
 * would), the invisible marks that reverse how text is shown (U+202E makes 'gpj.exe' read 'exe.jpg'), and U+FFFE and
 * U+FFFF, which are no characters at all (XML forbids them: one in a post's title would break the blog's feed), nor
 * is half a surrogate pair (JSON's '\ud800' alone): the databases would store it as U+FFFD, another text than the
 * one checked, so two names checked as different could be kept the same. A line of text (a name, a title, a label)
 * keeps no zero-width space or word joiner either: 'Sam\u200Bsung' reads as 'Samsung' but is another brand, which
 * neither a search for 'samsung' nor the check for a name already taken finds. The zero-width joiners that emoji
 * and some scripts are written with stay. Multi-line text keeps its tabs and line breaks, and the zero-width spaces
 * that text pasted from a web page brings into a description or a message.
 */
const HIDDEN_IN_ANY_TEXT =
  '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069\\uFEFF\\uFFFE\\uFFFF';
const HIDDEN_MULTILINE = new RegExp(`[${HIDDEN_IN_ANY_TEXT}]`);
const HIDDEN = new RegExp(`[${HIDDEN_IN_ANY_TEXT}\\t\\n\\r\\u180E\\u200B\\u2060-\\u2064]`);

/**
 * Half a surrogate pair: a high one not followed by a low one, or a low one not after a high one (without a
 * lookbehind, which older phones' browsers cannot parse).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` holds one of the hidden characters above. */
export const hasHiddenCharacters = (text: string, multiline = false) =>
  (multiline ? HIDDEN_MULTILINE : HIDDEN).test(text) || LONE_SURROGATE.test(text);

/**
 * Line breaks as the text box shows them, one character each: a browser sends a form's as CR LF, which would count
 * twice against a length the box shows as one, and keep CRs that the text box, and so the blog's editor, do not have.
 */
export const plainLineBreaks = (text: string) => text.replace(/\r\n?/g, '\n');

/** Refuses the hidden characters above, with a message a shop owner can act on. */
export function visibleText<T extends z.ZodString>(schema: T, options: { multiline?: boolean } = {}) {
  return schema.refine((s) => !hasHiddenCharacters(s, options.multiline), { error: HIDDEN_CHARACTERS });
}

/**
 * Any UK number as people write it: 07700 900123, +44 7700 900123, 0118 496 0000, (0118) 496 0000, 0044 118 496 0000,
 * with the spaces a copied number brings (no-break, figure, thin); no other character, so none hidden is kept.
 */
export const UK_PHONE_PATTERN = /^(?:\+44|0)\d{9,10}$/;
export function isUkPhone(s: string): boolean {
  const digits = s.replace(/[ \u00A0\u2007\u2009\u202F()-]/g, '');
  return /^\+?\d+$/.test(digits) && UK_PHONE_PATTERN.test(dialledPhone(digits));
}

/**
 * A number written as people write amounts: digits, with a point and a minus sign if need be ('12', '12.50', '.5',
 * '-3'); NaN for anything else, though JavaScript reads it as a number ('1e3', '0x10', 'Infinity') or not ('12,50').
 */
export function decimalOf(text: string): number {
  const t = text.trim();
  return /^-?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : Number.NaN;
}

/** True when `n` has at most two decimal places (as typed: 12.5, 0.25, 9.99): an amount in pence. */
export const twoPlaces = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** A time of day, 'HH:MM'. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A real calendar date, 'YYYY-MM-DD'. */
export const isDate = (s: string) => /^\d{4}-\d\d-\d\d$/.test(s) && addDays(s, 0) === s;
