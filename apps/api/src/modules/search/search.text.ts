import type { SearchKind } from '@shop/shared';
import type { SearchDocumentsTable } from '../../db/schema.ts';

/**
 * How the search reads text, the same for what it indexes and what a customer types
 * (docs/decisions/0023-search.md): accents dropped, lower case, '+' read as 'plus' and '&' as 'and', and anything that
 * is not a letter or a digit a separator. The index then compares "compact" forms, the words run together, so
 * 'iphone13', 'iPhone 13' and 'IPHONE-13' are one text, always from the start of a word.
 */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/&/g, ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export const compactOf = (text: string) => searchWords(text).join('');

/** What one indexed record says: its kind, its brand's name, its title and any other names (a phone's aliases). */
export interface DocumentSource {
  kind: SearchKind;
  refId: string;
  brandId: string;
  brandName: string;
  title: string;
  aliases?: string[];
}

/**
 * Every word of a list run together with the words after it, each with a space in front: ['iphone', '13'] gives
 * ' iphone13 13'. A query's part is found where it starts one of these, that is at the start of a word, so
 * 'iphone13' finds 'iPhone 13' and 'phone' does not find 'Xiaomi Phone' as 'iphone'.
 */
export const startsOfWords = (words: string[], after = '') => words.map((_, i) => ` ${words.slice(i).join('')}${after}`).join('');

/** The index row of a record. A brand's own row has no body: its brand is its title. */
export function documentRow(source: DocumentSource): Omit<SearchDocumentsTable, 'id'> {
  const brandWords = searchWords(source.brandName);
  const bodyWords = source.kind === 'brand' ? [] : searchWords([source.title, ...(source.aliases ?? [])].join(' '));
  const body = bodyWords.join('');
  const bodyStarts = `${startsOfWords(bodyWords)} `;
  return {
    kind: source.kind,
    ref_id: source.refId,
    brand_id: source.brandId,
    brand_key: brandWords.join(''),
    title_compact: compactOf(source.title),
    body_compact: body,
    body_starts: bodyStarts,
    words: ` ${(source.kind === 'brand' ? brandWords : bodyWords).join(' ')} `,
    compact: startsOfWords(brandWords, body) + bodyStarts,
  };
}

/** The shortest word kept for correcting typos: shorter ones are too alike to tell a typo from another word. */
export const TYPO_MIN_LENGTH = 4;

/** Words of the records that a typo may be corrected to: whole words of letters only. */
export function vocabularyOf(source: DocumentSource): string[] {
  const words = searchWords([source.brandName, source.title, ...(source.aliases ?? [])].join(' '));
  return [...new Set(words.filter((w) => w.length >= TYPO_MIN_LENGTH && /^\p{L}+$/u.test(w)))];
}

/** At most this many words of a query count; a word is cut to WORD_MAX characters. */
const WORDS_MAX = 10;
const WORD_MAX = 40;
/**
 * The shortest part of a query the databases' trigram indexes can look up: with the space in front that marks the
 * start of a word (' a5'), two characters make a trigram.
 */
export const INDEXED_MIN_LENGTH = 2;
/** Words shorter than this are joined with their short neighbours ('galaxy s 24' is looked up as 'galaxy', 's24'). */
const JOINED_BELOW = 3;

export interface ParsedQuery {
  /**
   * The parts every result must contain. A run of words too short for the index ('galaxy s 24', 'a 55') is joined
   * into one ('s24', 'a55').
   */
  terms: string[];
  /** The whole query run together ('galaxys24'), for ranking. */
  compact: string;
}

/** The words of a query that count: the first WORDS_MAX, each cut to WORD_MAX characters. */
export const queryWords = (q: string) =>
  searchWords(q)
    .slice(0, WORDS_MAX)
    .map((w) => w.slice(0, WORD_MAX));

/** The terms of a query's words (queryWords). */
export function termsOf(words: string[]): ParsedQuery {
  const terms: string[] = [];
  let run = '';
  for (const word of words) {
    if (word.length < JOINED_BELOW) run += word;
    else {
      // A letter on its own leads the word after it: 'i phone' is 'iphone', 's pen' 'spen' (but 'a' is a word).
      if (/^[b-z]$/.test(run)) terms.push(run + word);
      else {
        if (run) terms.push(run);
        terms.push(word);
      }
      run = '';
    }
  }
  if (run) terms.push(run);
  return { terms, compact: words.join('') };
}

/** Whether a query word may be a misspelling worth correcting: letters only, long enough. */
export const mayBeTypo = (term: string) => term.length >= TYPO_MIN_LENGTH && /^\p{L}+$/u.test(term);

/** Typos forgiven in a word: one in a word of 4 letters, two from 5. */
export const typosAllowed = (term: string) => (term.length >= 5 ? 2 : 1);

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours each count
 * one ('samsng' -> 'samsung' is 1, 'iphnoe' -> 'iphone' is 1). Stops early once over `max`.
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The words of the vocabulary a query word is a typo of, closest first: within `typosAllowed` of the whole word,
 * or (from 5 letters, as a customer is still typing) of its beginning. None when the word is spelt as some word of
 * the records is, whole or in part: 'gala' and 'phone' are not typos.
 */
export function corrections(term: string, vocabulary: string[]): string[] {
  if (!mayBeTypo(term) || vocabulary.some((w) => w.includes(term))) return [];
  const max = typosAllowed(term);
  return vocabulary
    .map((word) => {
      let d = typoDistance(term, word, max);
      if (term.length >= 5 && word.length > term.length) d = Math.min(d, typoDistance(term, word.slice(0, term.length), max));
      return { word, d };
    })
    .filter((c) => c.d <= max)
    .sort(
      (x, y) =>
        x.d - y.d || Math.abs(x.word.length - term.length) - Math.abs(y.word.length - term.length) || (x.word < y.word ? -1 : 1),
    )
    .map((c) => c.word);
}

/** Words asking for a repair without naming one: 'iphone 13 repair', 'galaxy s24 screen replacement'. */
export const REPAIR_WORDS = ['repair', 'repairs', 'repairing', 'fix', 'fixing', 'replace', 'replacement'];
/** Words a query asking for a repair may carry that name no phone: 'fix my iphone 13 screen', 'pixel 8 screen price'. */
export const FILLER_WORDS = ['my', 'the', 'for', 'price', 'prices', 'cost'];
/** The shortest last word of a query read as the start of a repair's name being typed ('iphone 13 scr'). */
const REPAIR_PREFIX_MIN = 3;

/** The shortest query word read as a misspelt repair word ('scren', 'batery'). */
const REPAIR_TYPO_MIN = 5;

/**
 * The word of `vocabulary` (the repair categories' words and REPAIR_WORDS) a query term is: the same word, or, for
 * the last term, one it starts.
 */
export function repairWordOf(term: string, vocabulary: string[], last: boolean): string | undefined {
  if (vocabulary.includes(term)) return term;
  return last && term.length >= REPAIR_PREFIX_MIN && /^\p{L}+$/u.test(term)
    ? vocabulary.find((w) => w.startsWith(term))
    : undefined;
}

/**
 * The word of `vocabulary` a query term may misspell: one typo ('scren', 'batery', 'camrea') in a word of five
 * letters or more, no longer than the word it misspells, so a word with a letter more is not read as one: 'black'
 * is a colour, not 'back'. The caller still checks the term is no word of the records.
 */
export function repairTypoOf(term: string, vocabulary: string[]): string | undefined {
  if (term.length < REPAIR_TYPO_MIN || !/^\p{L}+$/u.test(term)) return undefined;
  return vocabulary.find((w) => w.length >= term.length && typoDistance(term, w, 1) <= 1);
}
