import { SEARCH_KINDS, SEARCH_LIMIT, shopPath, type SearchQuery, type SearchResult } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ModelsService } from '../models/models.service.ts';
import type { PhoneRepairsService } from '../phone-repairs/phone-repairs.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import * as repo from './search.repository.ts';
import { corrections, documentRow, mayBeTypo, parseQuery, searchWords, vocabularyOf, type DocumentSource } from './search.text.ts';

/** The shortest query worth answering, run together: one letter or digit finds too much to be of use. */
const QUERY_MIN_LENGTH = 2;
/** Corrections tried per misspelt word. */
const CORRECTIONS_MAX = 3;
/** A word of letters run into a number: 'iphne13'. */
const GLUED = /^(\p{L}+)(\p{N}+)$/u;

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
  deps: { products: ProductsService; repairs: PhoneRepairsService; models: ModelsService },
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

  /** What each hit shows, from the records themselves; a hit whose record is gone since is left out. */
  async function results(hits: repo.Hit[]): Promise<SearchResult[]> {
    const ids = (kind: repo.Hit['kind']) => hits.filter((h) => h.kind === kind).map((h) => h.ref_id);
    const [products, phones] = await Promise.all([
      deps.products.results(ids('product')),
      deps.repairs.phoneResults(ids('repair')),
    ]);
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
        return p ? [{ kind: 'repair', title: p.name, url: p.url, price: p.from, ...logo(p.brandId) }] : [];
      }
      const b = brands.get(hit.ref_id);
      return b ? [{ kind: 'brand', title: b.model, url: shopPath('repairBrand', { brand: b.slug }), ...logo(b._id) }] : [];
    });
  }

  return {
    /**
     * Products, phone models' repair pages and brands matching the query, best first: any letter case, missing or
     * extra spaces, a word or two misspelt, the brand left out, a word still being typed. Nonsense finds nothing.
     */
    async search(query: SearchQuery): Promise<SearchResult[]> {
      const parsed = parseQuery(query.q);
      if (parsed.compact.length < QUERY_MIN_LENGTH) return [];
      const terms = await Promise.all(parsed.terms.map(alternativesOf));
      const corrected = terms.map((t) => t[1] ?? t[0]).join('');
      const hits = await repo.findDocuments(db, {
        terms,
        ranking: [...new Set([parsed.compact, corrected])],
        kinds: query.kind ? [query.kind] : [...SEARCH_KINDS],
        limit: query.limit ?? SEARCH_LIMIT,
      });
      return results(hits);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
