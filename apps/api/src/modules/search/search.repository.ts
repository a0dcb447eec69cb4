import type { SearchKind } from '@shop/shared';
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, SearchDocumentsTable } from '../../db/schema.ts';
import { INDEXED_MIN_LENGTH } from './search.text.ts';

/** Rows per insert: 10 parameters each, well under both databases' limits. */
const BATCH = 1000;
/**
 * Matching products ranked per query at most: a query that matches more (a brand name in a catalogue of 100,000)
 * ranks the first ones the index yields. Brands and phone models are few enough to rank all.
 */
export const PRODUCTS_RANKED = 500;
/** Words of the vocabulary weighed as corrections of one query word. */
const WORD_CANDIDATES = 30;

export type SearchDocumentRow = Omit<SearchDocumentsTable, 'id'>;

export interface MatchQuery {
  /** Every result contains each term, as one of its alternatives (the term itself, or a word it is a typo of). */
  terms: string[][];
  /** Compact forms a result's title is ranked against: the query run together, and with its typos corrected. */
  ranking: string[];
  kinds: SearchKind[];
  limit: number;
}

export interface Hit {
  kind: SearchKind;
  ref_id: string;
}

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;
const or = (parts: RawBuilder<unknown>[]) => sql`(${sql.join(parts, sql` or `)})`;
const and = (parts: RawBuilder<unknown>[]) => (parts.length ? sql.join(parts, sql` and `) : sql`1 = 1`);
/** A LIKE pattern from index text, which holds letters and digits only: nothing in it needs escaping. */
const containing = (text: string) => `%${text}%`;
/** Text at the start of a word of an index row's `compact` (search.text.ts, startsOfWords). */
const atWordStart = (text: string) => `% ${text}%`;
/** An FTS5 phrase from index text (letters and digits only, so no quote can occur in it). */
const phrase = (text: string) => `"${text}"`;
const trigramsOf = (term: string) => [...new Set(Array.from({ length: term.length - 2 }, (_, i) => term.slice(i, i + 3)))];

/** The columns an index row is ranked and shown by. */
const COLUMNS = sql`d.kind, d.ref_id, d.brand_id, d.brand_key, d.title_compact, d.compact, d.words`;

/**
 * The text index of each database, behind one interface: SQLite's FTS5 with its trigram tokenizer, PostgreSQL's
 * pg_trgm GIN indexes (which answer LIKE '%…%'). Each finds the rows with every indexed term at the start of a word;
 * a term of one character (' 8' is no trigram) is checked on the rows found.
 */
interface TextIndex {
  /** Index rows (COLUMNS) of these kinds containing every term (by one of its alternatives); `cap` rows at most. */
  rows(terms: string[][], kinds: SearchKind[], cap: number | undefined): RawBuilder<unknown>;
  /** Vocabulary words sharing a trigram with the term. */
  words(term: string): RawBuilder<unknown>;
}

const indexed = (terms: string[][]) => terms.filter((t) => t[0]!.length >= INDEXED_MIN_LENGTH);
const checked = (terms: string[][]) =>
  terms.filter((t) => t[0]!.length < INDEXED_MIN_LENGTH).map((t) => or(t.map((a) => sql`d.compact like ${atWordStart(a)}`)));
const limitOf = (cap: number | undefined) => (cap === undefined ? sql`` : sql`limit ${cap}`);

const SQLITE: TextIndex = {
  rows(terms, kinds, cap) {
    const match = [
      `kind : (${kinds.map(phrase).join(' OR ')})`,
      ...indexed(terms).map((alternatives) => `compact : (${alternatives.map((a) => phrase(` ${a}`)).join(' OR ')})`),
    ].join(' AND ');
    // The index's rows in its own order, each checked as it comes, so a cap stops the scan early. (A LIKE on the FTS
    // table itself would make FTS5 scan the whole index for a pattern shorter than a trigram.)
    return sql`select ${COLUMNS} from search_fts inner join search_documents d on d.id = search_fts.rowid
      where search_fts match ${match} and ${and(checked(terms))} ${limitOf(cap)}`;
  },
  words(term) {
    return sql`select word from search_words_fts where search_words_fts match ${trigramsOf(term).map(phrase).join(' OR ')}`;
  },
};

const POSTGRES: TextIndex = {
  rows(terms, kinds, cap) {
    // Products and the rest have a GIN index each (partial), so a query for phone models never reads the products'.
    const kind = kinds.includes('product')
      ? sql`d.kind = 'product'`
      : sql`d.kind <> 'product' and d.kind in (${sql.join(kinds)})`;
    const found = indexed(terms).map((t) => or(t.map((a) => sql`d.compact like ${atWordStart(a)}`)));
    return sql`select ${COLUMNS} from search_documents d where ${kind} and ${and([...found, ...checked(terms)])} ${limitOf(cap)}`;
  },
  words(term) {
    return sql`select word from search_words where ${or(trigramsOf(term).map((t) => sql`word like ${containing(t)}`))}`;
  },
};

const textIndex = (db: Kysely<Database>) => (isPostgres(db) ? POSTGRES : SQLITE);

/** The vocabulary words most like a query word: sharing the most of its trigrams, then closest in length. */
export async function similarWords(db: Kysely<Database>, term: string): Promise<string[]> {
  if (term.length < 3) return [];
  const shared = sql.join(
    trigramsOf(term).map((t) => sql`case when w.word like ${containing(t)} then 1 else 0 end`),
    sql` + `,
  );
  const result = await sql<{ word: string }>`select w.word from (${textIndex(db).words(term)}) w
    order by ${shared} desc, abs(length(w.word) - ${term.length}), w.word limit ${WORD_CANDIDATES}`.execute(db);
  return result.rows.map((r) => r.word);
}

/**
 * Records a customer may see that contain every term at the start of a word, best first: a title equal to the query
 * (with or without the brand in front) first, then one starting with it, then one with every term a whole word
 * ('a55' is one in 'Galaxy A55 5G', not in 'Galaxy A558'), then one with the whole query run together at the start
 * of a word; brands before phone models before products; shorter titles first. Products of archived brands are
 * found (the shop still lists them); archived brands are not, nor phone models under them or with no repair price in
 * an active repair category, nor a brand with no such price (its page has none to show).
 */
export async function findDocuments(db: Kysely<Database>, q: MatchQuery): Promise<Hit[]> {
  if (indexed(q.terms).length === 0) return [];
  const index = textIndex(db);
  const others = q.kinds.filter((k) => k !== 'product');
  const groups = [
    ...(q.kinds.includes('product') ? [sql`select * from (${index.rows(q.terms, ['product'], PRODUCTS_RANKED)}) p`] : []),
    ...(others.length ? [sql`select * from (${index.rows(q.terms, others, undefined)}) o`] : []),
  ];
  const equal = or(q.ranking.flatMap((c) => [sql`d.title_compact = ${c}`, sql`d.title_compact = d.brand_key || ${c}`]));
  const starts = or(
    q.ranking.flatMap((c) => [sql`d.title_compact like ${`${c}%`}`, sql`d.title_compact like d.brand_key || ${`${c}%`}`]),
  );
  const whole = and(
    q.terms.map((alternatives) => or(alternatives.flatMap((a) => [sql`d.words like ${`% ${a} %`}`, sql`d.brand_key = ${a}`]))),
  );
  const contains = or(q.ranking.map((c) => sql`d.compact like ${atWordStart(c)}`));
  // The rows found come with what ranks them: no second look-up of the index table (PostgreSQL would plan a scan of
  // it). A phone model's prices are counted per row found, and a brand's first price looked up: PostgreSQL turns an
  // EXISTS here into a hash of every price in the shop, built for each branch of the union.
  const result = await sql<Hit>`select d.kind, d.ref_id from (${sql.join(groups, sql` union all `)}) d
    inner join models m on m.id = d.brand_id
    where d.kind = 'product' or (m.status = 1 and (
      (d.kind = 'brand' and (select r.id from phone_repairs r inner join repair_categories c on c.id = r.repair_id
        where r.model_id = d.ref_id and c.status = 1 limit 1) is not null)
      or (d.kind = 'repair' and (select count(*) from phone_repairs r inner join repair_categories c on c.id = r.repair_id
        where r.phone_model_id = d.ref_id and c.status = 1) > 0)))
    order by (case when ${equal} then 8 else 0 end) + (case when ${starts} then 4 else 0 end) + (case when ${whole} then 2 else 0 end)
        + (case when ${contains} then 1 else 0 end) desc,
      case d.kind when 'brand' then 0 when 'repair' then 1 else 2 end,
      length(d.title_compact), d.ref_id
    limit ${q.limit}`.execute(db);
  return result.rows;
}

/** Adds or replaces the index rows of records, by their id. */
export async function upsertDocuments(db: Kysely<Database>, rows: SearchDocumentRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('search_documents')
      .values(rows.slice(i, i + BATCH))
      .onConflict((oc) =>
        oc.column('ref_id').doUpdateSet((eb) => ({
          kind: eb.ref('excluded.kind'),
          brand_id: eb.ref('excluded.brand_id'),
          brand_key: eb.ref('excluded.brand_key'),
          title_compact: eb.ref('excluded.title_compact'),
          body_compact: eb.ref('excluded.body_compact'),
          body_starts: eb.ref('excluded.body_starts'),
          words: eb.ref('excluded.words'),
          compact: eb.ref('excluded.compact'),
        })),
      )
      .execute();
  }
}

export async function deleteDocuments(db: Kysely<Database>, refIds: string[]): Promise<void> {
  if (refIds.length) await db.deleteFrom('search_documents').where('ref_id', 'in', refIds).execute();
}

/** A renamed brand (its words as search.text.ts reads them): its own row and every row filed under it take the new name. */
export async function renameBrand(db: Kysely<Database>, brandId: string, brandWords: string[]): Promise<void> {
  const brandKey = brandWords.join('');
  // As documentRow builds it: each word of the brand run together with the rest of the brand and the body.
  const starts = brandWords.map((_, i) => sql`' ' || cast(${brandWords.slice(i).join('')} as text) || body_compact`);
  await db
    .updateTable('search_documents')
    .set({ brand_key: brandKey, compact: sql<string>`${sql.join([...starts, sql`body_starts`], sql` || `)}` })
    .where('brand_id', '=', brandId)
    .execute();
  await db
    .updateTable('search_documents')
    .set({ title_compact: brandKey, words: ` ${brandWords.join(' ')} ` })
    .where('ref_id', '=', brandId)
    .execute();
}

export async function addWords(db: Kysely<Database>, words: string[]): Promise<void> {
  for (let i = 0; i < words.length; i += BATCH) {
    await db
      .insertInto('search_words')
      .values(words.slice(i, i + BATCH).map((word) => ({ word })))
      .onConflict((oc) => oc.column('word').doNothing())
      .execute();
  }
}
