import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { isAccessoriesModel } from '@shop/shared';
import { phoneNameKey, slugify, uniqueSlug, withoutBrand } from '../../lib/slugs.ts';
import { newId } from '../../lib/ids.ts';
import { documentRow, vocabularyOf, type DocumentSource } from '../../modules/search/search.text.ts';

/** Rows per insert while filling the index: 10 parameters each, well under both databases' limits. */
const BATCH = 1000;

/**
 * Repair pages per phone model and the search (docs/decisions/0022-repair-pages-and-slugs.md,
 * 0023-search.md): brand slugs and their history, phone models with theirs, and the search index with its words,
 * filled from what the shop already holds.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const serial = dialect === 'postgres' ? sql`bigserial` : sql`integer`;
  const autoKey = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const at = new Date().toISOString();

  // Brands: a slug each.
  await db.schema
    .alterTable('models')
    .addColumn('slug', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const brands: { id: string; model: string }[] = await db
    .selectFrom('models')
    .select(['id', 'model'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const brandSlugs = new Set<string>();
  for (const brand of brands) {
    const slug = uniqueSlug(slugify(brand.model, 'brand'), (s) => brandSlugs.has(s));
    brandSlugs.add(slug);
    await db.updateTable('models').set({ slug }).where('id', '=', brand.id).execute();
  }
  await db.schema.createIndex('models_slug_idx').on('models').column('slug').unique().execute();
  await db.schema
    .createTable('model_slugs')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('model_id', 'text', (c) => c.notNull().references('models.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // Phone models, and the repair prices filed under them.
  await db.schema
    .createTable('phone_models')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('model_id', 'text', (c) => c.notNull().references('models.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('aliases', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('phone_models_name_idx').on('phone_models').columns(['model_id', 'name_key']).unique().execute();
  await db.schema.createIndex('phone_models_slug_idx').on('phone_models').columns(['model_id', 'slug']).unique().execute();
  await db.schema
    .createTable('phone_model_slugs')
    .addColumn('model_id', 'text', (c) => c.notNull().references('models.id'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('phone_model_id', 'text', (c) => c.notNull().references('phone_models.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('phone_model_slugs_pk', ['model_id', 'slug'])
    .execute();
  await db.schema.createIndex('phone_model_slugs_phone_idx').on('phone_model_slugs').column('phone_model_id').execute();
  await db.schema
    .alterTable('phone_repairs')
    .addColumn('phone_model_id', 'text', (c) => c.references('phone_models.id'))
    .execute();

  const brandName = new Map(brands.map((b) => [b.id, b.model]));
  const repairs: { id: string; productname: string; model_id: string }[] = await db
    .selectFrom('phone_repairs')
    .select(['id', 'productname', 'model_id'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  // Newest first, so a phone takes the spelling of its newest price.
  const phones = new Map<string, { id: string; brandId: string; name: string; slug: string; repairIds: string[] }>();
  const phoneSlugs = new Set<string>();
  for (const r of repairs) {
    const key = `${r.model_id} ${phoneNameKey(r.productname)}`;
    let phone = phones.get(key);
    if (!phone) {
      const base = slugify(withoutBrand(r.productname, brandName.get(r.model_id) ?? ''), 'phone');
      const slug = uniqueSlug(base, (s) => phoneSlugs.has(`${r.model_id} ${s}`));
      phoneSlugs.add(`${r.model_id} ${slug}`);
      phone = { id: newId(), brandId: r.model_id, name: r.productname, slug, repairIds: [] };
      phones.set(key, phone);
    }
    phone.repairIds.push(r.id);
  }
  for (const phone of phones.values()) {
    await db
      .insertInto('phone_models')
      .values({
        id: phone.id,
        model_id: phone.brandId,
        name: phone.name,
        name_key: phoneNameKey(phone.name),
        slug: phone.slug,
        aliases: '[]',
        created_at: at,
        updated_at: at,
      })
      .execute();
    for (let i = 0; i < phone.repairIds.length; i += BATCH) {
      await db
        .updateTable('phone_repairs')
        .set({ phone_model_id: phone.id, productname: phone.name, name_search: phone.name.toLowerCase() })
        .where('id', 'in', phone.repairIds.slice(i, i + BATCH))
        .execute();
    }
  }
  await db.schema.createIndex('phone_repairs_phone_idx').on('phone_repairs').columns(['phone_model_id', 'price_pence']).execute();

  // The search index.
  await db.schema
    .createTable('search_documents')
    .addColumn('id', serial, autoKey)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull().unique())
    .addColumn('brand_id', 'text', (c) => c.notNull())
    .addColumn('brand_key', 'text', (c) => c.notNull())
    .addColumn('title_compact', 'text', (c) => c.notNull())
    .addColumn('body_compact', 'text', (c) => c.notNull())
    .addColumn('body_starts', 'text', (c) => c.notNull())
    .addColumn('words', 'text', (c) => c.notNull())
    .addColumn('compact', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_documents_brand_idx').on('search_documents').column('brand_id').execute();
  await db.schema
    .createTable('search_words')
    .addColumn('word', 'text', (c) => c.primaryKey())
    .execute();

  if (dialect === 'sqlite') {
    // FTS5 tables over the rows above (external content), kept in step by triggers in the writing transaction.
    await sql`create virtual table search_fts using fts5(kind, compact, content='search_documents', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`create trigger search_documents_ai after insert on search_documents begin
      insert into search_fts(rowid, kind, compact) values (new.id, new.kind, new.compact); end`.execute(db);
    await sql`create trigger search_documents_ad after delete on search_documents begin
      insert into search_fts(search_fts, rowid, kind, compact) values ('delete', old.id, old.kind, old.compact); end`.execute(db);
    await sql`create trigger search_documents_au after update on search_documents begin
      insert into search_fts(search_fts, rowid, kind, compact) values ('delete', old.id, old.kind, old.compact);
      insert into search_fts(rowid, kind, compact) values (new.id, new.kind, new.compact); end`.execute(db);
    await sql`create virtual table search_words_fts using fts5(word, content='search_words', content_rowid='rowid', tokenize='trigram')`.execute(
      db,
    );
    await sql`create trigger search_words_ai after insert on search_words begin
      insert into search_words_fts(rowid, word) values (new.rowid, new.word); end`.execute(db);
    await sql`create trigger search_words_ad after delete on search_words begin
      insert into search_words_fts(search_words_fts, rowid, word) values ('delete', old.rowid, old.word); end`.execute(db);
  } else {
    // pg_trgm once per database, in a schema no test or tenant drops; its operator classes named with that schema.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    const found = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    const trgm = sql.id(found.rows[0]!.schema, 'gin_trgm_ops');
    // One for the products and one for the rest, so a search of phone models never reads the products' index.
    await sql`create index search_documents_products_trgm on search_documents using gin (compact ${trgm}) where kind = 'product'`.execute(
      db,
    );
    await sql`create index search_documents_others_trgm on search_documents using gin (compact ${trgm}) where kind <> 'product'`.execute(
      db,
    );
    await sql`create index search_words_trgm on search_words using gin (word ${trgm})`.execute(db);
  }

  const sources: DocumentSource[] = [];
  for (const b of brands) {
    if (!isAccessoriesModel(b.model))
      sources.push({ kind: 'brand', refId: b.id, brandId: b.id, brandName: b.model, title: b.model });
  }
  for (const p of phones.values()) {
    sources.push({ kind: 'repair', refId: p.id, brandId: p.brandId, brandName: brandName.get(p.brandId) ?? '', title: p.name });
  }
  let after = '';
  for (;;) {
    const products: { id: string; productname: string; model_id: string }[] = await db
      .selectFrom('products')
      .select(['id', 'productname', 'model_id'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (products.length === 0) break;
    after = products[products.length - 1]!.id;
    sources.push(
      ...products.map((p) => ({
        kind: 'product' as const,
        refId: p.id,
        brandId: p.model_id,
        brandName: brandName.get(p.model_id) ?? '',
        title: p.productname,
      })),
    );
  }
  for (let i = 0; i < sources.length; i += BATCH) {
    await db
      .insertInto('search_documents')
      .values(sources.slice(i, i + BATCH).map(documentRow))
      .execute();
  }
  const words = [...new Set(sources.flatMap(vocabularyOf))];
  for (let i = 0; i < words.length; i += BATCH) {
    await db
      .insertInto('search_words')
      .values(words.slice(i, i + BATCH).map((word) => ({ word })))
      .execute();
  }
}
