import { SEARCH_KINDS, SEARCH_LIMIT, shopPath, type SearchKind, type SearchQuery, type SearchResult } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RepairCategoriesService } from '../categories/categories.service.ts';
import type { ModelsService } from '../models/models.service.ts';
import type { PhoneRepairsService } from '../phone-repairs/phone-repairs.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import * as repo from './search.repository.ts';
import {
  REPAIR_WORDS,
  corrections,
  documentRow,
  mayBeTypo,
  parseQuery,
  repairWordOf,
  searchWords,
  vocabularyOf,
  type DocumentSource,
} from './search.text.ts';

/** The shortest query worth answering, run together: one letter or digit finds too much to be of use. */
const QUERY_MIN_LENGTH = 2;
/** Corrections tried per misspelt word. */
const CORRECTIONS_MAX = 3;
/** A word of letters run into a number: 'iphne13'. */
const GLUED = /^(\p{L}+)(\p{N}+)$/u;

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

  /** Records containing every term (each by one of its alternatives), best first. */
  async function find(terms: string[], kinds: SearchKind[], limit: number): Promise<repo.Hit[]> {
    const alternatives = await Promise.all(terms.map(alternativesOf));
    const corrected = alternatives.map((t) => t[1] ?? t[0]).join('');
    return repo.findDocuments(db, { terms: alternatives, ranking: [...new Set([terms.join(''), corrected])], kinds, limit });
  }

  /**
   * The query's repair, when it asks for one: some of its words are a repair category's ('screen', 'back glass') or
   * ask for a repair ('repair', 'fix'), the last one may be still being typed ('scr'), and the rest name a phone.
   */
  async function repairAsked(terms: string[]): Promise<RepairAsked | undefined> {
    const categories = (await deps.repairCategories.listActive()).map((c) => ({ id: c._id, words: searchWords(c.repaircategory) }));
    const vocabulary = [...new Set([...REPAIR_WORDS, ...categories.flatMap((c) => c.words)])];
    const named = new Set<string>();
    const phone: string[] = [];
    terms.forEach((term, i) => {
      const word = repairWordOf(term, vocabulary, i === terms.length - 1);
      if (word === undefined) phone.push(term);
      else if (!REPAIR_WORDS.includes(word)) named.add(word);
    });
    if (phone.length === terms.length || phone.join('').length < QUERY_MIN_LENGTH) return undefined;
    return { phone, repairIds: categories.filter((c) => c.words.some((w) => named.has(w))).map((c) => c.id) };
  }

  /**
   * What each hit shows, from the records themselves; a hit whose record is gone since is left out. A phone model
   * with a price in `repairIds` (the repairs the query names) shows its cheapest of them, and comes before the phone
   * models without one.
   */
  async function results(hits: repo.Hit[], repairIds: string[]): Promise<SearchResult[]> {
    const ids = (kind: repo.Hit['kind']) => hits.filter((h) => h.kind === kind).map((h) => h.ref_id);
    const [products, phones, named] = await Promise.all([
      deps.products.results(ids('product')),
      deps.repairs.phoneResults(ids('repair')),
      repairIds.length ? deps.repairs.cheapestRepairs(ids('repair'), repairIds) : new Map<string, { price: number; repair: string }>(),
    ]);
    if (named.size) {
      const lacking = (h: repo.Hit) => h.kind === 'repair' && !named.has(h.ref_id);
      hits = [...hits.filter((h) => !lacking(h)), ...hits.filter(lacking)];
    }
    const brands = await deps.models.repairBrands([...ids('brand'), ...[...phones.values()].map((p) => p.brandId)]);
    const logo = (brandId: string) => {
      const file = brandId ? brands.get(brandId)?.file : undefined;
      return file ? { image: file.srcset.split(' ')[0]! } : {};
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
        return p
          ? [{ kind: 'repair', title: p.name, url: p.url, ...(repair ?? { price: p.from }), ...logo(p.brandId) }]
          : [];
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
     * with that repair's price.
     */
    async search(query: SearchQuery): Promise<SearchResult[]> {
      const parsed = parseQuery(query.q);
      if (parsed.compact.length < QUERY_MIN_LENGTH) return [];
      const kinds: SearchKind[] = query.kind ? [query.kind] : [...SEARCH_KINDS];
      const limit = query.limit ?? SEARCH_LIMIT;
      const asked = kinds.includes('repair') && parsed.terms.length > 1 ? await repairAsked(parsed.terms) : undefined;
      const [pages, hits] = await Promise.all([
        asked ? find(asked.phone, kinds.filter((k) => k !== 'product'), limit) : [],
        find(parsed.terms, kinds, limit),
      ]);
      const more = hits.filter((h) => !pages.some((p) => p.ref_id === h.ref_id));
      return results([...pages, ...more].slice(0, limit), asked?.repairIds ?? []);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
