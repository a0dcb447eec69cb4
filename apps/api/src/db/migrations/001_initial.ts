import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/** The schema for every entity of spec section 3 and the decisions. Runs the same on SQLite and PostgreSQL. */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const blob = dialect === 'postgres' ? sql`bytea` : sql`blob`;
  const serial = dialect === 'postgres' ? sql`bigserial` : sql`integer`;
  const autoKey = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', serial, autoKey)
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_email_idx').on('login_failures').columns(['email', 'failed_at']).execute();

  await db.schema
    .createTable('app_details')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shopname', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phoneno', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('facebook', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('instagram', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('x', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('app_details_created_idx').on('app_details').column('created_at').execute();

  for (const [table, nameCol] of [
    ['models', 'model'],
    ['categories', 'category'],
    ['repair_categories', 'repaircategory'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn(nameCol, 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${table}_status_idx`).on(table).columns(['status', 'created_at']).execute();
  }

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('productname', 'text', (c) => c.notNull())
    .addColumn('name_search', 'text', (c) => c.notNull())
    .addColumn('price_pence', 'integer', (c) => c.notNull())
    .addColumn('stockquantity', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('model_id', 'text', (c) => c.notNull().references('models.id'))
    .addColumn('category_id', 'text', (c) => c.references('categories.id'))
    .addColumn('is_accessory', 'integer', (c) => c.notNull())
    .addColumn('availability', 'text', (c) => c.notNull())
    .addColumn('warranty', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('discount', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('ram', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('rom', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Every listing filter has an index that also serves its sort orders.
  await db.schema.createIndex('products_created_idx').on('products').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('products_price_idx').on('products').columns(['price_pence', 'id']).execute();
  await db.schema.createIndex('products_model_price_idx').on('products').columns(['model_id', 'price_pence', 'id']).execute();
  await db.schema.createIndex('products_model_created_idx').on('products').columns(['model_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('products_category_price_idx').on('products').columns(['category_id', 'price_pence', 'id']).execute();
  await db.schema.createIndex('products_category_created_idx').on('products').columns(['category_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('products_type_price_idx').on('products').columns(['is_accessory', 'price_pence', 'id']).execute();
  await db.schema.createIndex('products_type_created_idx').on('products').columns(['is_accessory', 'created_at', 'id']).execute();

  await db.schema
    .createTable('phone_repairs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('productname', 'text', (c) => c.notNull())
    .addColumn('name_search', 'text', (c) => c.notNull())
    .addColumn('model_id', 'text', (c) => c.notNull().references('models.id'))
    .addColumn('repair_id', 'text', (c) => c.notNull().references('repair_categories.id'))
    .addColumn('price_pence', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('phone_repairs_created_idx').on('phone_repairs').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('phone_repairs_model_idx').on('phone_repairs').columns(['model_id', 'created_at']).execute();
  await db.schema.createIndex('phone_repairs_repair_idx').on('phone_repairs').column('repair_id').execute();

  await db.schema
    .createTable('media')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', blob, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('id', serial, autoKey)
    .addColumn('owner_type', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('media_key', 'text', (c) => c.notNull().references('media.key'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_owner_idx').on('images').columns(['owner_type', 'owner_id', 'position']).execute();
  await db.schema.createIndex('images_media_idx').on('images').column('media_key').execute();
}
