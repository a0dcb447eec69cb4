import type { AppDetailTextFields, EnquiryKind, EnquiryStatus } from '@shop/shared';
import type { Generated } from 'kysely';

/**
 * The database as Kysely sees it. Columns are snake_case; the API's names live in each module's mapper.
 * Timestamps are ISO-8601 UTC strings (the same text on SQLite and PostgreSQL, and they sort by time).
 * Booleans are 0/1 integers, money is integer pence.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  rate_limits: RateLimitsTable;
  app_details: AppDetailsTable;
  models: ModelsTable;
  categories: CategoriesTable;
  repair_categories: RepairCategoriesTable;
  products: ProductsTable;
  phone_repairs: PhoneRepairsTable;
  images: ImagesTable;
  media: MediaTable;
  model_slugs: ModelSlugsTable;
  phone_models: PhoneModelsTable;
  phone_model_slugs: PhoneModelSlugsTable;
  search_documents: SearchDocumentsTable;
  search_words: SearchWordsTable;
  blog_posts: BlogPostsTable;
  blog_slug_redirects: BlogSlugRedirectsTable;
  blog_uploads: BlogUploadsTable;
  enquiries: EnquiriesTable;
  mail_outbox: MailOutboxTable;
  audit_log: AuditLogTable;
  price_changes: PriceChangesTable;
  price_change_rows: PriceChangeRowsTable;
  product_imports: ProductImportsTable;
  product_import_rows: ProductImportRowsTable;
}

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  role: 'admin' | 'user';
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  created_at: string;
}

/** Sign-in attempts per key ('email <address> <client>' or 'client <client>'); times are epoch milliseconds. */
export interface LoginAttemptsTable {
  key: string;
  attempts: number;
  last_at: number;
  /** No attempt for this key is checked before this time. */
  blocked_until: number;
}

/** Requests counted per key and fixed window; times are epoch milliseconds. */
export interface RateLimitsTable {
  key: string;
  window_start: number;
  hits: number;
  expires_at: number;
}

/** One text column per text field of the shop settings form (AppDetailTextFields), and one JSON column per structured one. */
export interface AppDetailsTable extends AppDetailTextFields {
  /** OpeningHours as JSON; null until the shop sets its hours. */
  hours: string | null;
  id: string;
  created_at: string;
  updated_at: string;
}

export interface ModelsTable {
  id: string;
  model: string;
  /** Lower-case ASCII, unique: the brand's repair page is /repairs/{slug}. */
  slug: string;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface CategoriesTable {
  id: string;
  category: string;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface RepairCategoriesTable {
  id: string;
  repaircategory: string;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface ProductsTable {
  id: string;
  productname: string;
  /** Lower-cased name, for case-insensitive search on both databases. */
  name_search: string;
  price_pence: number;
  stockquantity: number;
  description: string;
  model_id: string;
  category_id: string | null;
  /** 1 when the model is 'Accessories': lets 'smart phones' and 'accessories' listings use an index. */
  is_accessory: number;
  availability: string;
  warranty: string;
  discount: string;
  color: string;
  /** JSON array of RAM options. */
  ram: string;
  /** JSON array of ROM options. */
  rom: string;
  /** How many pictures the product has (its `images` at distinct positions), kept with them. */
  image_count: number;
  created_at: string;
  updated_at: string;
}

export interface PhoneRepairsTable {
  id: string;
  productname: string;
  name_search: string;
  model_id: string;
  /** The phone model this price is for: its brand is model_id and its name is productname. */
  phone_model_id: string;
  repair_id: string;
  price_pence: number;
  created_at: string;
  updated_at: string;
}

/** One row per stored width of an image that a record owns. */
export interface ImagesTable {
  id: Generated<number>;
  /** 'blog_post' is a post's cover, 'blog_body' the pictures its body shows, 'blog_upload' an editor upload. */
  owner_type: 'product' | 'model' | 'app_detail' | 'blog_post' | 'blog_body' | 'blog_upload';
  owner_id: string;
  /** Order of the image among its owner's images (0 first). */
  position: number;
  media_key: string;
  width: number;
  height: number;
  /** The picture's alt text, the same on each of its widths; '' for one made from the owner's fields. */
  alt: string;
}

/** Encoded image bytes, keyed by the SHA-256 of the bytes. */
export interface MediaTable {
  key: string;
  content_type: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  created_at: string;
}

export interface BlogPostsTable {
  id: string;
  title: string;
  /** Lower-cased title, for case-insensitive search on both databases. */
  title_search: string;
  slug: string;
  excerpt: string;
  /** Markdown. */
  body: string;
  status: 'draft' | 'published';
  /** When the post is out for readers (a future date schedules it); null for a draft given no date. */
  published_at: string | null;
  /** The admin who wrote it; null once that account is deleted. */
  author_id: string | null;
  cover_alt: string;
  reading_minutes: number;
  created_at: string;
  updated_at: string;
}

/** A slug a post had before: its address answers a 301 to the post's current one. */
export interface BlogSlugRedirectsTable {
  slug: string;
  post_id: string;
  created_at: string;
}

/** An image uploaded from the editor, kept for a day for the post that will show it (images owner 'blog_upload'). */
export interface BlogUploadsTable {
  id: string;
  created_at: string;
}

export interface EnquiriesTable {
  id: string;
  kind: EnquiryKind;
  status: EnquiryStatus;
  name: string;
  /** '' when not given (at least one of phone and email is). */
  phone: string;
  email: string;
  message: string;
  product_id: string | null;
  repair_id: string | null;
  /** What it is about, named as it was when sent (the product or repair may be renamed or deleted since). */
  subject: string;
  /** A booking's UK day and time; null for an enquiry. */
  preferred_date: string | null;
  preferred_time: string | null;
  note: string;
  created_at: string;
  updated_at: string;
}

/** Mail waiting to be sent; deleted once sent. Times are epoch milliseconds. */
export interface MailOutboxTable {
  id: string;
  enquiry_id: string;
  to_address: string;
  /** '' for none. */
  reply_to: string;
  subject: string;
  body: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string;
  created_at: string;
}

/** A brand's earlier slugs: its old addresses answer with a redirect to the current one. */
export interface ModelSlugsTable {
  slug: string;
  model_id: string;
  created_at: string;
}

/**
 * A phone model: one phone name of the repair prices under a brand (model_id), found by its name in any letter case
 * and spacing (name_key). Kept when its last repair price goes, so its slug and aliases come back with the next one.
 */
export interface PhoneModelsTable {
  id: string;
  model_id: string;
  name: string;
  name_key: string;
  /** Lower-case ASCII, unique within the brand: the page is /repairs/{brand slug}/{slug}. */
  slug: string;
  /** JSON array of other names (model numbers). */
  aliases: string;
  created_at: string;
  updated_at: string;
}

/** A phone model's earlier addresses, under the brand it was then filed under. */
export interface PhoneModelSlugsTable {
  model_id: string;
  slug: string;
  phone_model_id: string;
  created_at: string;
}

/**
 * The search index: one row per product, phone model and brand, written in the same transaction as the record.
 * Texts are "compact": the searchable words lower-cased and run together (modules/search/search.text.ts).
 */
export interface SearchDocumentsTable {
  id: Generated<number>;
  kind: 'product' | 'repair' | 'brand';
  ref_id: string;
  /** The brand of the record (a brand's own row names itself). */
  brand_id: string;
  brand_key: string;
  title_compact: string;
  /** Title and aliases run together, without the brand. */
  body_compact: string;
  /** Each word of the title and aliases run together with those after it, each with a space in front. */
  body_starts: string;
  /** The words of the title and aliases, each with a space either side (' galaxy s24 '), for whole-word matches. */
  words: string;
  /** The same as body_starts with the brand's words in front: what the trigram index covers. */
  compact: string;
}

/** Every word of the records long enough to have a typo corrected to it. */
export interface SearchWordsTable {
  word: string;
}

/**
 * One entry of the history of changes: who did what to which record, with the fields it changed (JSON objects of the
 * API's names and readable values; never a password hash or a session). Never updated; deleted only after two years.
 */
export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string;
  actor_name: string;
  actor_email: string;
  action: string;
  entity: string;
  entity_id: string;
  /** What the record is called (a product's name, "IPhone 13 Screen"), as it was then. */
  label: string;
  before: string;
  after: string;
}

/** A bulk price change or a repair import, kept so that it can be undone ('bulk-price' or 'import'). */
export interface PriceChangesTable {
  id: string;
  kind: 'bulk-price' | 'import';
  label: string;
  created_at: string;
  undone_at: string | null;
}

/** One repair price a change set: from (null when the change created the row) and to, and when. */
export interface PriceChangeRowsTable {
  change_id: string;
  repair_id: string;
  label: string;
  from_pence: number | null;
  to_pence: number;
  set_at: string;
  /** The row's updated_at before the change (null for a row the change created, or one kept before this was). */
  from_updated_at: string | null;
}

/** The last product import, kept so that it can be undone. */
export interface ProductImportsTable {
  id: string;
  label: string;
  created_at: string;
  undone_at: string | null;
}

/** What the last product import changed, a row per product: no key, as only that import's rows are ever kept. */
export interface ProductImportRowsTable {
  import_id: string;
  product_id: string;
  label: string;
  /** The columns the import changed, as they were (JSON); null for a product the import created. */
  before: string | null;
  /** The product's updated_at as the import left it. */
  set_at: string;
}
