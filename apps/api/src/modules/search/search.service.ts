import {
  SEARCH_KINDS,
  SEARCH_LIMIT,
  SEARCH_LIMIT_MAX,
  shopPath,
  smallestWidthUrl,
  type SearchKind,
  type SearchQuery,
  type SearchResult,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RepairCategoriesService } from '../categories/categories.service.ts';
import type { ModelsService } from '../models/models.service.ts';
import type { PhoneRepairsService } from '../phone-repairs/phone-repairs.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import * as repo from './search.repository.ts';
import {
  FILLER_WORDS,
  REPAIR_WORDS,
  corrections,
  documentRow,
  mayBeTypo,
  queryWords,
  repairTypoOf,
  repairWordOf,
  searchWords,
  termsOf,
  vocabularyOf,
  type DocumentSource,
} from './search.text.ts';

/** The shortest query worth answering, run together: one letter or digit finds too much to be of use. */
const QUERY_MIN_LENGTH = 2;
/** Corrections tried per misspelt word. */
const CORRECTIONS_MAX = 3;
/** A word of letters run into a number: 'iphne13'. */
const GLUED = /^(\p{L}+)(\p{N}+)$/u;

/** A phone model's price in a repair the query names, and that repair's name. */
type NamedRepair = { price: number; repair: string };

/** A query asking for a repair: 'iphone 13 screen', 'galaxy s24 battery replacement', 'pixel 8 repair'. */
interface RepairAsked {
  /** The query's other terms, which name the phone. */
  phone: string[];
  /** The active repair categories it names ('screen', 'back glass'); none for 'repair' alone. */
  repairIds: string[];
}

/**
 * Writes to the search index. The catalogue's services call these inside the transaction that changes the record,
 * so the index and the catalogue change together or not at all (docs/decisions/0023-search.md).
 */
export const searchIndex = {
  /** Adds or replaces the rows of these records, and learns their words for correcting typos. */
  async put(trx: Kysely<Database>, sources: DocumentSource[]): Promise<void> {
    await repo.upsertDocuments(trx, sources.map(documentRow));
    await repo.addWords(trx, [...new Set(sources.flatMap(vocabularyOf))]);
  },

  async remove(trx: Kysely<Database>, refIds: string[]): Promise<void> {
    await repo.deleteDocuments(trx, refIds);
  },

  /** A brand was renamed: its row and the rows of everything filed under it take the new name. */
  async renameBrand(trx: Kysely<Database>, brandId: string, brandName: string): Promise<void> {
    await repo.renameBrand(trx, brandId, searchWords(brandName));
    await repo.addWords(trx, vocabularyOf({ kind: 'brand', refId: brandId, brandId, brandName, title: brandName }));
  },
};

/** `db` is where the index is read: the database's `slowReads` (db/index.ts), as a search takes milliseconds. */
export function createSearchService(
  db: Kysely<Database>,
  deps: {
    products: ProductsService;
    repairs: PhoneRepairsService;
    models: ModelsService;
    repairCategories: RepairCategoriesService;
  },
) {
  /**
   * A term with what it may stand for: the words it may be a typo of. A word run into its number ('iphne13',
   * 'iphon13') is read as its word, corrected or (being typed) completed, followed by the number ('iphone13').
   */
  async function alternativesOf(term: string): Promise<string[]> {
    const glued = GLUED.exec(term);
    const [word, number] = glued && mayBeTypo(glued[1]!) ? [glued[1]!, glued[2]!] : [term, ''];
    if (!mayBeTypo(word)) return [term];
    const similar = await repo.similarWords(db, word);
    const completions = number ? similar.filter((w) => w.length > word.length && w.startsWith(word)) : [];
    const words = [...new Set([...completions, ...corrections(word, similar)])].slice(0, CORRECTIONS_MAX);
    return [term, ...words.map((w) => w + number)];
  }

  /**
   * Records containing every term (each by one of its alternatives, looked up once per search in `known`), best
   * first.
   */
  async function find(
    terms: string[],
    kinds: SearchKind[],
    limit: number,
    known: Map<string, Promise<string[]>>,
  ): Promise<repo.Hit[]> {
    const alternatives = await Promise.all(
      terms.map((term) => known.get(term) ?? known.set(term, alternativesOf(term)).get(term)!),
    );
    const corrected = alternatives.map((t) => t[1] ?? t[0]).join('');
    return repo.findDocuments(db, { terms: alternatives, ranking: [...new Set([terms.join(''), corrected])], kinds, limit });
  }

  /** The repair word a query word misspells, unless it is (part of) a word of the records: a phone's, a brand's. */
  async function misspelt(word: string, vocabulary: string[]): Promise<string | undefined> {
    const typo = repairTypoOf(word, vocabulary);
    return typo && !(await repo.similarWords(db, word)).some((w) => w.includes(word)) ? typo : undefined;
  }

  /**
   * The query's repair, when it asks for one: some of its words are a repair category's ('screen', 'back glass') or
   * ask for a repair ('repair', 'fix'), the last one may be still being typed ('scr') and any misspelt ('scren') when
   * it is no word of the records, filler words ('my', 'price') are dropped, and the rest name a phone. The categories named are those with the most of their words in the query
   * ('front camera' is Front Camera, not Rear Camera; 'camera' is both).
   */
  async function repairAsked(words: string[]): Promise<RepairAsked | undefined> {
    const categories = (await deps.repairCategories.listActive()).map((c) => ({
      id: c._id,
      words: searchWords(c.repaircategory),
    }));
    const vocabulary = [...new Set([...REPAIR_WORDS, ...categories.flatMap((c) => c.words)])];
    const named = new Set<string>();
    const phone: string[] = [];
    let asks = false;
    for (const [i, w] of words.entries()) {
      const word = repairWordOf(w, vocabulary, i === words.length - 1) ?? (await misspelt(w, vocabulary));
      if (word !== undefined) {
        asks = true;
        if (!REPAIR_WORDS.includes(word)) named.add(word);
      } else if (!FILLER_WORDS.includes(w)) phone.push(w);
    }
    const { terms, compact } = termsOf(phone);
    if (!asks || compact.length < QUERY_MIN_LENGTH) return undefined;
    const matched = (c: { words: string[] }) => c.words.filter((w) => named.has(w)).length;
    const most = Math.max(0, ...categories.map(matched));
    return { phone: terms, repairIds: most ? categories.filter((c) => matched(c) === most).map((c) => c.id) : [] };
  }

  /**
   * What each hit shows, from the records themselves; a hit whose record is gone since is left out. A phone model in
   * `named` (with a price in a repair the query names) shows that price and repair.
   */
  async function results(hits: repo.Hit[], named: Map<string, NamedRepair>): Promise<SearchResult[]> {
    const ids = (kind: repo.Hit['kind']) => hits.filter((h) => h.kind === kind).map((h) => h.ref_id);
    const [products, phones] = await Promise.all([
      deps.products.results(ids('product')),
      deps.repairs.phoneResults(ids('repair')),
    ]);
    const brands = await deps.models.repairBrands([...ids('brand'), ...[...phones.values()].map((p) => p.brandId)]);
    const logo = (brandId: string) => {
      const file = brandId ? brands.get(brandId)?.file : undefined;
      return file ? { image: smallestWidthUrl(file) } : {};
    };
    return hits.flatMap((hit): SearchResult[] => {
      if (hit.kind === 'product') {
        const p = products.get(hit.ref_id);
        return p
          ? [
              {
                kind: 'product',
                title: p.title,
                url: shopPath('product', { id: hit.ref_id }),
                price: p.price,
                ...(p.image ? { image: p.image } : {}),
              },
            ]
          : [];
      }
      if (hit.kind === 'repair') {
        const p = phones.get(hit.ref_id);
        const repair = named.get(hit.ref_id);
        return p ? [{ kind: 'repair', title: p.name, url: p.url, ...(repair ?? { price: p.from }), ...logo(p.brandId) }] : [];
      }
      const b = brands.get(hit.ref_id);
      return b ? [{ kind: 'brand', title: b.model, url: shopPath('repairBrand', { brand: b.slug }), ...logo(b._id) }] : [];
    });
  }

  return {
    /**
     * Products, phone models' repair pages and brands matching the query, best first: any letter case, missing or
     * extra spaces, a word or two misspelt, the brand left out, a word still being typed. Nonsense finds nothing.
     * A query naming a phone and a repair ('iphone 13 screen') finds that phone's repair page (and its brand's) first,
     * with that repair's price (docs/decisions/0023-search.md).
     */
    async search(query: SearchQuery): Promise<SearchResult[]> {
      const words = queryWords(query.q);
      const parsed = termsOf(words);
      if (parsed.compact.length < QUERY_MIN_LENGTH) return [];
      const kinds: SearchKind[] = query.kind ? [query.kind] : [...SEARCH_KINDS];
      const limit = query.limit ?? SEARCH_LIMIT;
      const known = new Map<string, Promise<string[]>>();
      const hits = await find(parsed.terms, kinds, limit, known);
      const pageKinds = kinds.filter((k) => k !== 'product');
      // A query that finds a phone or a brand as it is typed ('moto g power', 'iphone 15 pro') is not read as a
      // phone and a repair, though a word of it may be a repair's.
      const asked =
        pageKinds.length && words.length > 1 && !hits.some((h) => h.kind !== 'product') ? await repairAsked(words) : undefined;
      if (!asked) {
        // 'iphone 13 price' finding nothing is searched again without the words that name nothing.
        const plain = termsOf(words.filter((w) => !FILLER_WORDS.includes(w)));
        const again = hits.length === 0 && plain.compact !== parsed.compact && plain.compact.length >= QUERY_MIN_LENGTH;
        return results(again ? await find(plain.terms, kinds, limit, known) : hits, new Map());
      }
      const found = await find(asked.phone, pageKinds, SEARCH_LIMIT_MAX, known);
      const phoneIds = found.filter((h) => h.kind === 'repair').map((h) => h.ref_id);
      const named = asked.repairIds.length
        ? await deps.repairs.cheapestRepairs(phoneIds, asked.repairIds)
        : new Map<string, NamedRepair>();
      const lacking = (h: repo.Hit) => h.kind === 'repair' && asked.repairIds.length > 0 && !named.has(h.ref_id);
      const pages = [...found.filter((h) => !lacking(h)), ...found.filter(lacking)];
      // What the whole query finds (products: 'samsung charg' is still finding chargers) keeps half the places.
      const shown = pages.slice(0, Math.max(limit - hits.length, Math.ceil(limit / 2)));
      return results([...shown, ...hits].slice(0, limit), named);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
