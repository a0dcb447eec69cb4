import { describe, expect, it } from 'vitest';
import { blogPostSchema } from './blog.ts';
import { BLOG_BODY_MAX, BLOG_EXCERPT_MAX, DESCRIPTION_MAX } from './constants.ts';
import { ENQUIRY_LIMITS, enquirySchema } from './enquiry.ts';
import { decimalOf, hasHiddenCharacters, isUkPhone } from './fields.ts';
import { dialledPhone } from './phone.ts';
import { enquiryUpdateSchema, productSchema } from './schemas.ts';

describe('decimalOf', () => {
  it('reads amounts as people write them', () => {
    expect(decimalOf('12')).toBe(12);
    expect(decimalOf(' 12.50 ')).toBe(12.5);
    expect(decimalOf('.5')).toBe(0.5);
    expect(decimalOf('5.')).toBe(5);
    expect(decimalOf('-3')).toBe(-3);
  });

  it('reads nothing else, though JavaScript would', () => {
    for (const text of ['', ' ', '1e3', '0x10', 'Infinity', '12,50', '£12', '+12', '1 000', '--3']) {
      expect(decimalOf(text), text).toBeNaN();
    }
  });
});

describe('UK phone numbers', () => {
  it('dials a number however the country and its trunk 0 are written', () => {
    for (const written of ['+44 (0)7700 900123', '0044 7700 900123', '+44 7700 900123', '+447700900123', '0044 (0)7700-900123']) {
      expect(dialledPhone(written), written).toBe('+447700900123');
    }
    expect(dialledPhone('(0118) 496 0000')).toBe('01184960000');
  });

  it('takes a UK number as people write it, and nothing with another character in it', () => {
    for (const number of ['07700 900123', '+44 (0)7700 900123', '0044 20 7946 0000', '(0118) 496\u00A00000']) {
      expect(isUkPhone(number), number).toBe(true);
    }
    for (const number of ['07700 900123x', '07700.900123', '+1 202 555 0100', '0770 090', '07700+900123']) {
      expect(isUkPhone(number), number).toBe(false);
    }
  });
});

describe('hidden characters', () => {
  it('finds half a surrogate pair, which the databases would keep as another text', () => {
    for (const text of ['\ud800', 'Apple\udbff', '\udc00Apple', 'a\ud83d\ud83d\ude00', '\ude00\ude00']) {
      expect(hasHiddenCharacters(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('keeps whole pairs, emoji among them, and text with line breaks only where asked', () => {
    for (const text of ['Pixel \ud83d\ude00', '\ud83d\udcf1 Phones', 'Caf\u00e9']) {
      expect(hasHiddenCharacters(text), text).toBe(false);
    }
    expect(hasHiddenCharacters('one\ntwo')).toBe(true);
    expect(hasHiddenCharacters('one\ntwo', true)).toBe(false);
  });

  it('finds zero-width spaces and word joiners in a line of text, which make one name look like another', () => {
    for (const text of ['Sam\u200Bsung', 'Pixel\u2060 8', '\u180EApple', 'Galaxy\u2063']) {
      expect(hasHiddenCharacters(text), JSON.stringify(text)).toBe(true);
    }
    // The zero-width joiner builds emoji (a family, a rainbow flag) and the non-joiner some scripts' words.
    for (const text of ['\ud83d\udc68\u200D\ud83d\udc69\u200D\ud83d\udc67 Family plans', 'Tabl\u200Cet']) {
      expect(hasHiddenCharacters(text), JSON.stringify(text)).toBe(false);
    }
    // Text pasted from a web page into a description or a message keeps them.
    expect(hasHiddenCharacters('A long\u200Bword\nand more', true)).toBe(false);
  });
});

describe('line breaks', () => {
  /** `max` characters as a text box counts them: lines of ten letters, each break a browser's CR LF. */
  const typed = (max: number) => {
    const lines = Array.from({ length: 20 }, () => 'a'.repeat(10)).join('\r\n');
    return `${'b'.repeat(max - lines.replace(/\r\n/g, '\n').length)}${lines}`;
  };
  /** What a schema keeps of one field's text, or undefined when it refuses it. */
  const field =
    (schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown } }, name: string, rest = {}) =>
    (text: string) => {
      const parsed = schema.safeParse({ ...rest, [name]: text });
      return parsed.success ? (parsed.data as Record<string, unknown>)[name] : undefined;
    };

  it('count one each, as the text box shows them, and are kept as LF, however the browser sent them', () => {
    const visitor = { kind: 'enquiry', name: 'Sam', phone: '07700 900123', consent: true };
    for (const [kept, max] of [
      [field(blogPostSchema.pick({ body: true }), 'body'), BLOG_BODY_MAX],
      [field(blogPostSchema.pick({ excerpt: true }), 'excerpt'), BLOG_EXCERPT_MAX],
      [field(productSchema.pick({ description: true }), 'description'), DESCRIPTION_MAX],
      [field(enquiryUpdateSchema, 'note'), ENQUIRY_LIMITS.note],
      [field(enquirySchema(null, Date.now), 'message', visitor), ENQUIRY_LIMITS.message],
    ] as const) {
      expect(kept(typed(max)), String(max)).toBe(typed(max).replace(/\r\n/g, '\n'));
      expect(kept(`${typed(max)}b`), String(max)).toBeUndefined();
      expect(kept('one\rtwo three and four, and more words to be long enough'), String(max)).toMatch(/^one\ntwo /);
    }
  });
});
