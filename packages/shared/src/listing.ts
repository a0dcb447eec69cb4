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

export type ListingSort = '' | 'price_desc' | 'price_asc';

/** What a listing's address says: its group, filter, sort and page. */
export interface ListingState {
  group: ListingGroup | null;
  filter: string;
  sort: ListingSort;
  page: number;
}

/** The address's query parameters for a state: only what is set, page 1 left out. */
export function listingParams(state: ListingState): [name: string, value: string][] {
  const params: [string, string][] = [];
  if (state.group) params.push(['category', GROUP_CATEGORY[state.group]]);
  if (state.filter) params.push(['filter', state.filter]);
  if (state.sort) params.push(['sort', state.sort]);
  if (state.page > 1) params.push(['page', String(state.page)]);
  return params;
}

/** A query value as the browser's URLSearchParams writes it (a space as '+'), so every link to a listing reads the same. */
const formEncode = (value: string) =>
  encodeURIComponent(value)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

/** The address's query for a state, without its '?' ('' for the whole listing's first page). */
export function listingQuery(state: ListingState): string {
  return listingParams(state)
    .map(([name, value]) => `${name}=${formEncode(value)}`)
    .join('&');
}

/** The listing of phones or of accessories, narrowed to a brand or an accessory category when `filter` is given. */
export function listingPath(group: ListingGroup, filter = ''): string {
  return `${SHOP_PAGES.listing}?${listingQuery({ group, filter, sort: '', page: 1 })}`;
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
  return { path: listingPath(match.group, match.match), noindex };
}

/**
 * Where a product sits in the shop, as its page's breadcrumb and its structured data name it: its brand's phones,
 * or, for an accessory, its accessory category's. A product of a brand or category archived since stays in the shop
 * among every phone or accessory, where the crumb then leads: its own listing is no more. `active` are the brands and
 * categories the shop shows (undefined: not known yet, taken as shown).
 */
export function productCrumb(
  p: { model: { _id: string; model: string }; category: { _id: string; category: string } | null },
  active?: { models: { _id: string }[]; categories: { _id: string }[] },
): { name: string; path: string } {
  const shown = (id: string, list: { _id: string }[] | undefined) => !list || list.some((r) => r._id === id);
  if (isAccessoriesModel(p.model.model)) {
    return p.category && shown(p.category._id, active?.categories)
      ? { name: p.category.category, path: listingPath('accessory', p.category.category) }
      : { name: ACCESSORIES_CATEGORY, path: listingPath('accessory') };
  }
  return shown(p.model._id, active?.models)
    ? { name: p.model.model, path: listingPath('smartphone', p.model.model) }
    : { name: SMART_PHONES_CATEGORY, path: listingPath('smartphone') };
}
