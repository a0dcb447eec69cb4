import type { ImageAsset, Model } from './types.ts';

/** Business constants of spec section 9 and the decisions. */

/** The product's own name: shown when no shop settings exist. */
export const DEFAULT_SHOP_NAME = 'Mobile Shop UK';
export const FALLBACK_PHONE = '+44 7700 900123';
export const FALLBACK_ADDRESS = '12 High Street, Reading RG1 1AA';
export const FALLBACK_EMAIL = 'hello@mobileshop.example';
export const COPYRIGHT_YEAR = 2025;

export const RAM_OPTIONS = ['4GB', '6GB', '8GB', '12GB'] as const;
export const ROM_OPTIONS = ['64GB', '128GB', '256GB', '512GB', '1TB'] as const;
export const AVAILABILITY = ['In Stock', 'Out of Stock'] as const;
export const DISCOUNT_OPTION = 'NHS and Students discount available';
export const ACCESSORIES_MODEL = 'Accessories';
export const PHONE_PREFIX = '+44';

export const PRODUCT_LIST_PAGE_SIZE = 10;
export const REPAIR_LIST_PAGE_SIZE = 5;
export const SHOP_PAGE_SIZE = 10;
export const SHOP_PAGE_SIZE_MOBILE = 5;
export const MOBILE_BREAKPOINT = 768;
export const MAX_PAGE_LIMIT = 100;
/** The furthest page any list is asked for: past it, a page number is refused, never read as an offset. */
export const PAGE_MAX = 1_000_000;
/** The highest price a product or a repair may have, in pounds (it fits PostgreSQL's integer column in pence). */
export const MAX_PRICE_POUNDS = 10_000_000;

/** The longest name a product or a phone model may have; any name is at most this long (a brand's or category's, 60). */
export const NAME_MAX = 200;

/** What a search result can be: a product, a phone model's repair page, or a brand's. */
export const SEARCH_KINDS = ['product', 'repair', 'brand'] as const;
export const SEARCH_LIMIT = 10;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_TEXT_MAX = 200;
export const SEARCH_TEXT_TOO_LONG = `Search text must be at most ${SEARCH_TEXT_MAX} characters`;
export const ALIASES_MAX = 20;
export const ALIAS_MAX_LENGTH = 40;

export const MIN_IMAGES = 2;
export const MAX_IMAGES = 5;
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
/** The address of a picture's smallest stored width (its srcset lists them smallest first), for a logo or thumbnail. */
export const smallestWidthUrl = (image: ImageAsset): string => image.srcset.split(' ')[0] || image.secure_url;
/** The longest alt text a picture may have. */
export const IMAGE_ALT_MAX = 200;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;

export const DESCRIPTION_MIN = 30;
export const DESCRIPTION_MAX = 1000;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const HOME_SLIDER_INTERVAL_MS = 4000;
export const CAROUSEL_AUTOPLAY_MS = 2500;
export const CAROUSEL_TRANSITION_MS = 600;
export const TOAST_AUTOCLOSE_MS = 5000;
export const REDIRECT_AFTER_LOGIN_MS = 1500;
export const REDIRECT_AFTER_LOGOUT_MS = 1000;
export const PRODUCT_ZOOM_SCALE = 1.5;
export const DEFAULT_COLOUR = 'Black';

export const LISTING_TITLE = 'Mobile Shop UK | Buy Smartphones & Accessories';
export const LISTING_DESCRIPTION =
  'Buy new smartphones and phone accessories from your local UK phone shop: iPhone, Samsung, Google Pixel and more. Call us to buy.';
export const LISTING_KEYWORDS =
  'mobile phones, smartphones, phone accessories, buy phones UK, iPhone, Samsung, phone shop';

/** Products in each home page grid (newest first), and in its 'Latest Arrivals' carousel. */
export const HOME_GRID_SIZE = 8;
export const HOME_CAROUSEL_SIZE = 12;

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

// ---- Blog ----

export const BLOG_STATUSES = ['draft', 'published'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
/** What the console's status filter offers: a scheduled post is published with a publish date still to come. */
export const BLOG_STATUS_FILTERS = ['draft', 'published', 'scheduled'] as const;
export type BlogStatusFilter = (typeof BLOG_STATUS_FILTERS)[number];

/** Posts per page of the shop's blog (a grid of three columns on a desktop). */
export const BLOG_PAGE_SIZE = 9;
/** Posts per page of the console's list. */
export const BLOG_LIST_PAGE_SIZE = 10;
/** Posts in the RSS feed. */
export const BLOG_FEED_SIZE = 20;
/** The RSS feed's address (served by the server, not a page of the app). */
export const BLOG_FEED_PATH = '/shop/blog/rss.xml';

/** How wide a post page draws its cover: the article column is at most 768 px. */
export const BLOG_COVER_SIZES = '(min-width: 800px) 768px, calc(100vw - 2rem)';
/** How wide the blog's cards draw their covers: three columns from 1024 px, two from 640 px. */
export const BLOG_CARD_SIZES = '(min-width: 1280px) 400px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, calc(100vw - 2rem)';

export const BLOG_TITLE_MAX = 150;
export const BLOG_SLUG_MAX = 100;
export const BLOG_EXCERPT_MAX = 300;
export const BLOG_BODY_MAX = 50_000;
export const BLOG_ALT_MAX = 200;

export type Ram = (typeof RAM_OPTIONS)[number];
export type Rom = (typeof ROM_OPTIONS)[number];
export type Availability = (typeof AVAILABILITY)[number];

/** The category values the menus put in the listing's query (spec section 2). */
export const SMART_PHONES_CATEGORY = 'Smart phones';
export const ACCESSORIES_CATEGORY = 'Accessories';

/** Whether a model name marks accessory products (any letter case). */
export function isAccessoriesModel(name: string | undefined | null): boolean {
  return (name ?? '').trim().toLowerCase() === ACCESSORIES_MODEL.toLowerCase();
}

/** Active phone brands: the models without 'Accessories', as menus and filters offer them. */
export function phoneBrands(models: Model[] | undefined): Model[] {
  return (models ?? []).filter((m) => m.status && !isAccessoriesModel(m.model));
}

/**
 * A product picture's alt text when the owner has not written one: the product's name and its first colour, and the
 * picture's number after the cover ('Galaxy S24 in Black', 'Galaxy S24 in Black, picture 2').
 */
export function productImageAlt(productname: string, color: string, index: number): string {
  const colour = color.split(',')[0]?.trim();
  const base = colour ? `${productname.trim()} in ${colour}` : productname.trim();
  return index === 0 ? base : `${base}, picture ${index + 1}`;
}
