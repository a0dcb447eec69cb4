import type { AuditActor, AuditEntry } from './audit.ts';
import type { PriceChange } from './bulk-price.ts';
import type { Availability, BlogStatus, SEARCH_KINDS } from './constants.ts';
import type { ImportError } from './csv.ts';
import type { Fix } from './fixes.ts';
import type { OpeningHours } from './hours.ts';
import type { EnquiryKind, EnquiryStatus } from './enquiry.ts';
import type { AppDetailFields } from './schemas.ts';

/** Shapes the API answers with (spec section 3, with `_id`, createdAt and updatedAt). */

export interface ImageAsset {
  secure_url: string;
  width: number;
  height: number;
  /** 'url 400w, url 800w, ...' for the `srcset` attribute. */
  srcset: string;
}

interface Timestamps {
  createdAt: string;
  updatedAt: string;
}

export type Role = 'admin' | 'user';

export interface User extends Timestamps {
  _id: string;
  name: string;
  email: string;
  role: Role;
}

export interface AppDetail extends Timestamps, Omit<AppDetailFields, 'hours'> {
  _id: string;
  file: ImageAsset | null;
  /** Null when the shop has set no opening hours. */
  hours: OpeningHours | null;
}

export interface Model extends Timestamps {
  _id: string;
  model: string;
  /** Lower-case ASCII, unique among brands: the brand's repair page is /repairs/{slug}. */
  slug: string;
  file: ImageAsset | null;
  status: boolean;
}

export interface Category extends Timestamps {
  _id: string;
  category: string;
  status: boolean;
}

export interface RepairCategory extends Timestamps {
  _id: string;
  repaircategory: string;
  status: boolean;
}

export interface ModelRef {
  _id: string;
  model: string;
}

/** A product picture, with its alt text (the owner's, or one made from the name and colour). */
export interface ProductImage extends ImageAsset {
  alt: string;
}

export interface Product extends Timestamps {
  _id: string;
  productname: string;
  /** Pounds, e.g. 899.99. */
  price: number;
  stockquantity: number;
  description: string;
  model: ModelRef;
  category: { _id: string; category: string } | null;
  availability: Availability;
  warranty: string;
  discount: string;
  color: string;
  /** In order: the first is the cover. */
  images: ProductImage[];
  ram: string[];
  rom: string[];
}

/** A phone model: one phone name of the repair prices under a brand, with its page's slug and its other names. */
export interface PhoneRef {
  _id: string;
  /** Unique within its brand: the phone's repair page is /repairs/{brand slug}/{slug}. */
  slug: string;
  /** Model numbers and other names a customer may search for ('A2633', '13 mini'). */
  aliases: string[];
}

export interface PhoneRepair extends Timestamps {
  _id: string;
  productname: string;
  model: ModelRef;
  repair: { _id: string; repaircategory: string };
  /** Pounds. */
  price: number;
  phone: PhoneRef;
}

/** A brand as its repair pages show it. */
export interface RepairBrand {
  _id: string;
  model: string;
  slug: string;
  file: ImageAsset | null;
}

/** A phone model as its brand's pages list it. */
export interface PhoneSummary extends PhoneRef {
  name: string;
  /** The cheapest repair, in pounds. */
  from: number;
  /** How many repairs it has. */
  repairs: number;
}

/** /repairs/{brand}: the brand, its phone models and every repair price under it (archived repair categories left out). */
export interface RepairBrandPage {
  brand: RepairBrand;
  phones: PhoneSummary[];
  repairs: PhoneRepair[];
}

/** /repairs/{brand}/{model}: the brand's page data, with `repairs` those of this phone. */
export interface RepairModelPage extends RepairBrandPage {
  phone: PhoneSummary;
}

export type SearchKind = (typeof SEARCH_KINDS)[number];

/** One search result: a product, a phone model's repair page or a brand's repair page. */
export interface SearchResult {
  kind: SearchKind;
  title: string;
  /** The page's path in the shop. */
  url: string;
  /** Pounds: a product's price, or a repair page's cheapest repair (of those the query names, when it names one). */
  price?: number;
  /** A repair page's repair the query named ('iphone 13 screen'), whose price `price` is: its category's name. */
  repair?: string;
  /** Path of a small picture: the product's first image, or the brand's logo. */
  image?: string;
}

export interface BlogAuthor {
  _id: string;
  name: string;
}

/** A post in a list: everything but its body. */
export interface BlogPostSummary extends Timestamps {
  _id: string;
  title: string;
  slug: string;
  excerpt: string;
  /** The cover image, with its alt text. */
  cover: ImageAsset & { alt: string };
  status: BlogStatus;
  /** When the post is (or was) out for readers; null for a draft not given a date. */
  publishedAt: string | null;
  /** The admin who wrote it; null once that account is deleted. */
  author: BlogAuthor | null;
  readingMinutes: number;
}

/** A whole post: its Markdown and the safe HTML rendered from it. */
export interface BlogPost extends BlogPostSummary {
  body: string;
  html: string;
}

/** The post before or after one, in publish order. */
export interface BlogNeighbour {
  title: string;
  slug: string;
}

/** An enquiry or a repair booking, as the inbox shows it. */
export interface Enquiry extends Timestamps {
  _id: string;
  kind: EnquiryKind;
  status: EnquiryStatus;
  name: string;
  phone: string;
  email: string;
  message: string;
  productId: string | null;
  repairId: string | null;
  /** What it is about, as named when it was sent: 'Apple iPhone 15', 'iPhone 13 – Screen Repair', or ''. */
  subject: string;
  /** A booking's day ('YYYY-MM-DD') and time ('HH:MM'), UK time; null for an enquiry. */
  preferredDate: string | null;
  preferredTime: string | null;
  /** The shop's private note. */
  note: string;
}

export interface Envelope {
  success: boolean;
  message?: string;
}

export interface ErrorEnvelope {
  success: false;
  message: string;
  fieldErrors?: Record<string, string[]>;
}

export interface PageInfo {
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export type Paged<T> = T & Partial<PageInfo>;

export interface SessionUser {
  _id: string;
  name: string;
  email: string;
  role: Role;
}

export type CheckResponse = Envelope & { user: SessionUser };
export type LoginResponse = Envelope & { user: SessionUser };
export type ModelsResponse = Envelope & { fetchModel: Model[] };
export type CategoriesResponse = Envelope & { fetchCategory: Category[] };
export type RepairCategoriesResponse = Envelope & { fetchCategory: RepairCategory[] };
export type ProductsResponse = Paged<Envelope & { fetchProducts: Product[] }>;
export type ProductResponse = Envelope & { fetchProduct: Product };
export type PhoneRepairsResponse = Paged<Envelope & { fetchPhoneRepair: PhoneRepair[] }>;
export type PhoneRepairResponse = Envelope & { fetchPhoneRepair: PhoneRepair };
export type GroupDataResponse = Envelope & { data: { repairs: PhoneRepair[] } };
export type RepairBrandResponse = Envelope & RepairBrandPage;
export type RepairModelResponse = Envelope & RepairModelPage;
export type SearchResponse = Envelope & { results: SearchResult[] };
export type AppDetailsResponse = Envelope & { fetchAppDetail: AppDetail[] };
export type UsersResponse = Paged<Envelope & { fetchUser: User[] }>;
export type EnquiriesResponse = Paged<Envelope & { fetchEnquiry: Enquiry[] }>;
export type EnquiryResponse = Envelope & { fetchEnquiry: Enquiry };
export type ProductCountResponse = Envelope & { productCount: number };
export type UserCountResponse = Envelope & { userCount: number };

export type BlogListResponse = Paged<Envelope & { fetchBlog: BlogPostSummary[] }>;
/** A published post, with the published posts before (older) and after (newer) it. */
export type BlogPostResponse = Envelope & { fetchPost: BlogPost; previous: BlogNeighbour | null; next: BlogNeighbour | null };
/** Any post, for the console's editor. */
export type BlogPostAdminResponse = Envelope & { fetchPost: BlogPost };
export type BlogImageResponse = Envelope & { data: ImageAsset };

/** What create and update calls answer: the envelope and the saved record (docs/decisions/0007). */
export type SavedResponse<T> = Envelope & { success: true; message: string; data: T };

export type AuditListResponse = Paged<Envelope & { fetchAudit: AuditEntry[] }>;
/** The admins who appear in the history, for its filter. */
export type AuditUsersResponse = Envelope & { users: AuditActor[] };
export type FixesResponse = Envelope & { fetchFixes: Fix[] };
/**
 * A bulk price change: what it changes (a dry run, with `preview`, which the apply sends back to change only what it
 * showed) or changed, and `changeId`, what an applied change kept to be undone (POST /api/phonerepair/bulkprice/undo).
 */
export type BulkPriceResponse = Envelope & { changes: PriceChange[]; preview?: string; changeId?: string };
/** An import or its dry run (`?dryRun=1`). */
export type ImportResponse = Envelope & {
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportError[];
  /**
   * A done import's change, kept to be undone (POST /api/phonerepair/bulkprice/undo or /api/product/import/undo).
   */
  changeId?: string;
};
/**
 * The last bulk price change or import, while it can still be undone (not undone, nor followed by another): its id
 * (the `change` an undo sends), what it was and when, and why an undo of it would be refused now (some of what it set
 * was changed or deleted since), or null. GET /api/phonerepair/bulkprice/last, /api/product/import/last.
 */
export interface UndoableChange {
  changeId: string;
  kind: 'bulk-price' | 'import';
  label: string;
  at: string;
  undoRefused: string | null;
}
export type LastChangeResponse = Envelope & { lastChange: UndoableChange | null };
