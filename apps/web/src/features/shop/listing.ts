import {
  matchListing,
  MOBILE_BREAKPOINT,
  NAME_MAX,
  PAGE_MAX,
  parseGroup,
  SHOP_PAGE_SIZE,
  SHOP_PAGE_SIZE_MOBILE,
  type Category,
  type ListingGroup,
  type ListingSort,
  type ListingState,
  type Model,
} from '@shop/shared';
import { setCookie } from '../../lib/cookies.ts';

/**
 * The shop listing's state lives in the URL (category, filter, sort, page) so that back, forward,
 * reload and shared links keep it. These pure functions read it, change it as spec section 4 says,
 * and turn it into the API query.
 */

export const SORT_OPTIONS: { value: ListingSort; label: string }[] = [
  { value: '', label: 'Select Filter' },
  { value: 'price_desc', label: 'Highest Price' },
  { value: 'price_asc', label: 'Lowest Price' },
];

export function readListing(params: URLSearchParams): ListingState {
  const sortParam = params.get('sort');
  const sort = SORT_OPTIONS.some((o) => o.value === sortParam) ? (sortParam as ListingSort) : '';
  const page = Number(params.get('page'));
  return {
    group: parseGroup(params.get('category')),
    // Longer than any name, it names none either way: cut, it is a query the API takes ('No products found.').
    filter: (params.get('filter') ?? '').trim().slice(0, NAME_MAX),
    sort,
    // A page past any list's (1e20) is read as the furthest: past the last, it leads to the last (ListingResults).
    page: Number.isInteger(page) && page > 1 ? Math.min(page, PAGE_MAX) : 1,
  };
}

/** Choosing a side filter (or its group's All): back to page 1, and the sort is cleared. */
export function selectFilter(group: ListingGroup | null, filter = ''): ListingState {
  return { group, filter, sort: '', page: 1 };
}

/** Changing the sort keeps the filters and goes back to page 1. */
export function changeSort(state: ListingState, sort: ListingSort): ListingState {
  return { ...state, sort, page: 1 };
}

export function changePage(state: ListingState, page: number): ListingState {
  return { ...state, page: Math.max(1, Math.floor(page)) };
}

export function isSelected(state: ListingState, group: ListingGroup, filter = ''): boolean {
  return state.group === group && state.filter.toLowerCase() === filter.toLowerCase();
}

/** 10 products a page, or 5 when the window is under 768 px wide when the page loads. */
export function pageSizeFor(windowWidth: number): number {
  return windowWidth < MOBILE_BREAKPOINT ? SHOP_PAGE_SIZE_MOBILE : SHOP_PAGE_SIZE;
}

/**
 * The windows a page size is for, as a media query: boot.js (public/boot.js) starts the app as soon as the page has
 * loaded in any other, so that the listing is drawn again at the window's size before the visitor's first touch
 * rather than under it.
 */
export function windowsFor(pageSize: number): string {
  const wide = `(min-width: ${MOBILE_BREAKPOINT}px)`;
  return pageSize === SHOP_PAGE_SIZE_MOBILE ? `not all and ${wide}` : wide;
}

/** The cookie that tells the server this window's page size (apps/api/src/plugins/web.ts): 1 narrow, 0 wide. */
const NARROW_COOKIE = 'narrow';

/**
 * The page size for this window, also kept for the visit in a cookie: the server guesses a phone from the request,
 * and a narrow window on a computer (or a phone asking for the desktop site) would otherwise get its next pages drawn
 * at the other size, so that a page's links would skip products until the app took it over.
 */
export function pageSizeHere(): number {
  const size = pageSizeFor(window.innerWidth);
  setCookie(NARROW_COOKIE, size === SHOP_PAGE_SIZE_MOBILE ? '1' : '0');
  return size;
}

export interface Lookups {
  models: Model[] | undefined;
  categories: Category[] | undefined;
}

export interface Resolved {
  group: ListingGroup | null;
  /** The brand or accessory category the filter names, as the shop spells it; undefined when it names none. */
  match: string | undefined;
  /** The filter as the shop spells it (the model or category name), or as typed when nothing matches. */
  filterName: string;
  /** Query fields for /api/product/getall. */
  apiQuery: Record<string, string | number | undefined>;
  /** False while a filter without a category waits for the brand and category lists to tell which it is. */
  ready: boolean;
}

/**
 * The API query for a state. A filter names a model for smart phones and a category for
 * accessories; a filter without a category is looked up among the brands first, then the
 * accessory categories (matchListing).
 */
export function resolveListing(state: ListingState, limit: number, lookups: Lookups): Resolved {
  const base = { page: state.page, limit, sort: state.sort || undefined };
  const { group, match } = matchListing(state.group, state.filter, lookups);
  const filterName = match ?? state.filter;
  const named = { group, match, filterName };
  const ready = Boolean(state.group || !state.filter || (lookups.models && lookups.categories));
  if (group === 'accessory') {
    return { ...named, ready, apiQuery: { ...base, type: 'accessory', category: state.filter || undefined } };
  }
  if (group === 'smartphone' || state.filter) {
    return { ...named, ready, apiQuery: { ...base, type: group ? 'smartphone' : undefined, model: state.filter || undefined } };
  }
  return { ...named, ready, apiQuery: base };
}

/** The banner's heading: the filter, else the category, else all products. */
export function bannerTitle(resolved: Resolved): string {
  if (resolved.filterName) return resolved.filterName;
  if (resolved.group === 'smartphone') return 'Smart Phones';
  if (resolved.group === 'accessory') return 'Accessories';
  return 'All Products';
}
