import { ACCESSORIES_CATEGORY, isAccessoriesModel, phoneBrands, SMART_PHONES_CATEGORY } from './constants.ts';
import { SHOP_PAGES } from './routes.ts';
import type { Category, Model } from './types.ts';

/**
 * The shop listing's addresses (`/shop/product?category=…&filter=…`), read and written the same way by the web app,
 * the server's page heads and the sitemap.
 */

export type ListingGroup = 'smartphone' | 'accessory';

export const GROUP_CATEGORY: Record<ListingGroup, typeof SMART_PHONES_CATEGORY | typeof ACCESSORIES_CATEGORY> = {
  smartphone: SMART_PHONES_CATEGORY,
  accessory: ACCESSORIES_CATEGORY,
};

/** 'Smart phones', 'smartphones', 'SMART PHONES' -> smartphone; 'accessories' -> accessory; anything else: no group. */
export function parseGroup(category: string | null | undefined): ListingGroup | null {
  const key = (category ?? '').toLowerCase().replace(/[\s_-]+/g, '');
  if (key === 'smartphones' || key === 'smartphone') return 'smartphone';
  if (key === 'accessories' || key === 'accessory') return 'accessory';
  return null;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * What a listing's group and filter name: a filter names an active brand for phones and an active accessory category
 * for accessories; without a group it is looked up among the brands first, then the accessory categories. `match` is
 * the brand or category as the shop spells it, undefined when the filter names none.
 */
export function matchListing(
  group: ListingGroup | null,
  filter: string,
  { models, categories }: { models: Model[] | undefined; categories: Category[] | undefined },
): { group: ListingGroup | null; match: string | undefined } {
  const brand = filter ? phoneBrands(models).find((m) => same(m.model, filter))?.model : undefined;
  const category = filter ? (categories ?? []).find((c) => c.status && same(c.category, filter))?.category : undefined;
  const found = group ?? (brand ? 'smartphone' : category ? 'accessory' : null);
  return { group: found, match: found === 'accessory' ? category : found === 'smartphone' ? brand : undefined };
}

/** The listing of phones or of accessories, narrowed to a brand or an accessory category when `filter` is given. */
export function listingPath(category: typeof SMART_PHONES_CATEGORY | typeof ACCESSORIES_CATEGORY, filter?: string): string {
  return `${SHOP_PAGES.listing}?category=${formEncode(category)}${filter ? `&filter=${formEncode(filter)}` : ''}`;
}

/**
 * A listing's canonical address, one for each listing a visitor can see whatever spelling its address has: its
 * group's listing narrowed to the brand or category matched, as the shop spells them, or the whole listing. A filter
 * that matches nothing shows no products: that page is not one to index (`noindex`).
 */
export function listingCanonical(
  match: { group: ListingGroup | null; match: string | undefined },
  filter: string,
): { path: string; noindex: boolean } {
  const noindex = Boolean(filter) && !match.match;
  if (!match.group) return { path: SHOP_PAGES.listing, noindex };
  return { path: listingPath(GROUP_CATEGORY[match.group], match.match), noindex };
}

/** A query value as the browser's URLSearchParams writes it (a space as '+'), so every link to a listing reads the same. */
const formEncode = (value: string) =>
  encodeURIComponent(value)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

/**
 * Where a product sits in the shop, as its page's breadcrumb and its structured data name it: its brand's phones,
 * or, for an accessory, its accessory category's.
 */
export function productCrumb(p: { model: { model: string }; category: { category: string } | null }): {
  name: string;
  path: string;
} {
  if (isAccessoriesModel(p.model.model)) {
    return { name: p.category?.category ?? ACCESSORIES_CATEGORY, path: listingPath(ACCESSORIES_CATEGORY, p.category?.category) };
  }
  return { name: p.model.model, path: listingPath(SMART_PHONES_CATEGORY, p.model.model) };
}
