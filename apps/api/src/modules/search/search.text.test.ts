import { describe, expect, it } from 'vitest';
import { phoneNameKey, slugify, uniqueSlug, withoutBrand } from '../../lib/slugs.ts';
import {
  REPAIR_WORDS,
  corrections,
  documentRow,
  queryWords,
  repairTypoOf,
  repairWordOf,
  searchWords,
  termsOf,
  typoDistance,
  vocabularyOf,
} from './search.text.ts';

/** A query's terms as the search reads them. */
const parseQuery = (q: string) => termsOf(queryWords(q));

describe('how the search reads text', () => {
  it('drops accents and case, reads + and &, and splits on anything but letters and digits', () => {
    expect(searchWords('Galaxy S24+ Ultra')).toEqual(['galaxy', 's24', 'plus', 'ultra']);
    expect(searchWords('ÀPPLÉ iPhone-13 «mini»')).toEqual(['apple', 'iphone', '13', 'mini']);
    expect(searchWords('Tom & Jerry\u0000\u0007')).toEqual(['tom', 'and', 'jerry']);
    expect(searchWords('%_"\'*^():')).toEqual([]);
  });

  it('joins runs of short words, keeps at most ten words of at most forty characters', () => {
    expect(parseQuery('galaxy s 24')).toEqual({ terms: ['galaxy', 's24'], compact: 'galaxys24' });
    expect(parseQuery('a 5 5')).toEqual({ terms: ['a55'], compact: 'a55' });
    expect(parseQuery('iphone 8 plus')).toEqual({ terms: ['iphone', '8', 'plus'], compact: 'iphone8plus' });
    expect(parseQuery('IPHONE13')).toEqual({ terms: ['iphone13'], compact: 'iphone13' });
    // A letter on its own leads the word after it, but 'a' is a word.
    expect(parseQuery('i phone 13')).toEqual({ terms: ['iphone', '13'], compact: 'iphone13' });
    expect(parseQuery('galaxy s pen')).toEqual({ terms: ['galaxy', 'spen'], compact: 'galaxyspen' });
    expect(parseQuery('a phone case').terms).toEqual(['a', 'phone', 'case']);
    expect(parseQuery('w '.repeat(30)).terms).toEqual(['wwwwwwwwww']);
    expect(parseQuery('x'.repeat(100)).terms).toEqual(['x'.repeat(40)]);
  });

  it('indexes every word run together with the words after it, from the start of a word', () => {
    const row = documentRow({
      kind: 'repair',
      refId: 'p1',
      brandId: 'b1',
      brandName: 'Apple',
      title: 'Apple iPhone 13',
      aliases: ['A2633'],
    });
    expect(row).toMatchObject({
      brand_key: 'apple',
      title_compact: 'appleiphone13',
      body_compact: 'appleiphone13a2633',
      words: ' apple iphone 13 a2633 ',
      compact: ' appleappleiphone13a2633 appleiphone13a2633 iphone13a2633 13a2633 a2633 ',
    });
    expect(
      documentRow({ kind: 'brand', refId: 'b1', brandId: 'b1', brandName: 'Google Pixel', title: 'Google Pixel' }),
    ).toMatchObject({
      compact: ' googlepixel pixel ',
      words: ' google pixel ',
      body_compact: '',
    });
  });

  it('learns only whole words of letters, four and longer, for correcting typos', () => {
    expect(
      vocabularyOf({ kind: 'product', refId: 'x', brandId: 'b', brandName: 'Samsung', title: 'Galaxy S24 Ultra 5G' }),
    ).toEqual(['samsung', 'galaxy', 'ultra']);
  });
});

describe('typos', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours as one', () => {
    expect(typoDistance('samsng', 'samsung', 2)).toBe(1);
    expect(typoDistance('iphnoe', 'iphone', 2)).toBe(1);
    expect(typoDistance('smasung', 'samsung', 2)).toBe(1);
    expect(typoDistance('sumsang', 'samsung', 2)).toBe(2);
    expect(typoDistance('nokia', 'nokia', 2)).toBe(0);
    expect(typoDistance('apple', 'xqzvbnm', 2)).toBe(3);
  });

  it('corrects a word no catalogue word contains, to the closest words within one or two typos', () => {
    const vocabulary = ['samsung', 'galaxy', 'iphone', 'pixel', 'apple', 'phone'];
    expect(corrections('samsng', vocabulary)).toEqual(['samsung']);
    expect(corrections('galxy', vocabulary)).toEqual(['galaxy']);
    expect(corrections('samsu', vocabulary)).toEqual([]);
    expect(corrections('gala', vocabulary)).toEqual([]);
    expect(corrections('phone', vocabulary)).toEqual([]);
    expect(corrections('xqzvbnm', vocabulary)).toEqual([]);
    expect(corrections('sams', vocabulary)).toEqual([]);
    expect(corrections('pixl', vocabulary)).toEqual(['pixel']);
    expect(corrections('a2633', vocabulary)).toEqual([]);
  });
});

describe('slugs', () => {
  it('are lower-case ASCII words joined by hyphens, with the brand left out of a phone name', () => {
    expect(slugify('iPhone 15 Pro Max', 'phone')).toBe('iphone-15-pro-max');
    expect(slugify('Galaxy S24+', 'phone')).toBe('galaxy-s24-plus');
    expect(slugify('Xperia 1 V (Édition)', 'phone')).toBe('xperia-1-v-edition');
    expect(slugify('日本', 'phone')).toBe('phone');
    expect(slugify('x'.repeat(200), 'phone')).toHaveLength(80);
    expect(withoutBrand('Apple iPhone 13', 'Apple')).toBe('iPhone 13');
    expect(withoutBrand('Apple', 'Apple')).toBe('Apple');
    expect(withoutBrand('Pixel 8', 'Google')).toBe('Pixel 8');
    expect(uniqueSlug('iphone-13', (s) => ['iphone-13', 'iphone-13-2'].includes(s))).toBe('iphone-13-3');
    expect(phoneNameKey('  IPhone   13 ')).toBe(phoneNameKey('iphone 13'));
  });
});

describe('which words of a query ask for a repair', () => {
  const vocabulary = [...REPAIR_WORDS, 'screen', 'back', 'glass', 'charging', 'port'];

  it('reads a repair word as itself, and the last word as one being typed', () => {
    expect(repairWordOf('screen', vocabulary, false)).toBe('screen');
    expect(repairWordOf('repair', vocabulary, false)).toBe('repair');
    expect(repairWordOf('scr', vocabulary, true)).toBe('screen');
    expect(repairWordOf('charg', vocabulary, true)).toBe('charging');
  });

  it('reads a misspelt repair word of five letters or more, with no letter more than the word', () => {
    expect(repairTypoOf('scren', vocabulary)).toBe('screen');
    expect(repairTypoOf('screne', vocabulary)).toBe('screen');
    expect(repairTypoOf('chargign', vocabulary)).toBe('charging');
    expect(repairTypoOf('black', vocabulary)).toBeUndefined();
    expect(repairTypoOf('glasss', vocabulary)).toBeUndefined();
    expect(repairTypoOf('scrn', vocabulary)).toBeUndefined();
    expect(repairTypoOf('sxrxen', vocabulary)).toBeUndefined();
  });

  it('reads no other word as one: not a start before the last word, nor two letters, a number or a typo', () => {
    expect(repairWordOf('scr', vocabulary, false)).toBeUndefined();
    expect(repairWordOf('sc', vocabulary, true)).toBeUndefined();
    expect(repairWordOf('13', vocabulary, true)).toBeUndefined();
    expect(repairWordOf('black', vocabulary, true)).toBeUndefined();
    expect(repairWordOf('pro', vocabulary, true)).toBeUndefined();
    expect(repairWordOf('iphone', vocabulary, true)).toBeUndefined();
  });
});
