import {
  listingParams,
  listingQuery,
  NAME_MAX,
  PAGE_MAX,
  parseGroup,
  type Category,
  type ListingState,
  type Model,
} from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  bannerTitle,
  changePage,
  changeSort,
  isSelected,
  pageSizeFor,
  readListing,
  resolveListing,
  selectFilter,
} from './listing.ts';

const stamp = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
const models: Model[] = [
  { _id: 'm1', model: 'Apple', slug: 'apple', status: true, file: null, ...stamp },
  { _id: 'm2', model: 'Accessories', slug: 'accessories', status: true, file: null, ...stamp },
  { _id: 'm3', model: 'Nokia', slug: 'nokia', status: false, file: null, ...stamp },
];
const categories: Category[] = [{ _id: 'c1', category: 'Cases', status: true, ...stamp }];
const lookups = { models, categories };
const read = (qs: string) => readListing(new URLSearchParams(qs));

describe('reading the URL', () => {
  it('takes category case-insensitively', () => {
    for (const c of ['Smart phones', 'smart phones', 'SMART PHONES', 'smartphones', 'Smart-Phones'])
      expect(parseGroup(c)).toBe('smartphone');
    for (const c of ['Accessories', 'accessories', 'ACCESSORY']) expect(parseGroup(c)).toBe('accessory');
    expect(parseGroup('tablets')).toBeNull();
    expect(parseGroup(null)).toBeNull();
  });

  it('reads category, filter, sort and page, ignoring values it does not know', () => {
    expect(read('category=smart+phones&filter=Apple&sort=price_desc&page=3')).toEqual({
      group: 'smartphone',
      filter: 'Apple',
      sort: 'price_desc',
      page: 3,
    });
    expect(read('sort=cheapest&page=-2')).toEqual({ group: null, filter: '', sort: '', page: 1 });
    expect(read('page=abc')).toMatchObject({ page: 1 });
    expect(read('page=2.5')).toMatchObject({ page: 1 });
    // Past any list's pages: the furthest the shop's API reads, which then leads to the last page.
    for (const n of ['1000001', '1e20', '9223372036854775807']) expect(read(`page=${n}`)).toMatchObject({ page: PAGE_MAX });
    // A filter longer than any name names none: cut to a name's length, it is one the API takes.
    expect(read(`filter=${'x'.repeat(500)}`).filter).toBe('x'.repeat(NAME_MAX));
  });

  it('writes back only what is set, with the menu spelling of the category', () => {
    const state: ListingState = { group: 'accessory', filter: 'Cases', sort: 'price_asc', page: 2 };
    expect(listingQuery(state)).toBe('category=Accessories&filter=Cases&sort=price_asc&page=2');
    expect(listingQuery({ group: null, filter: '', sort: '', page: 1 })).toBe('');
    expect(read(listingQuery(state))).toEqual(state);
    const spaced: ListingState = { group: 'accessory', filter: "Screen protectors & O'Neil (2)", sort: '', page: 3 };
    expect(listingQuery(spaced)).toBe(new URLSearchParams(listingParams(spaced)).toString());
    expect(read(listingQuery(spaced))).toEqual(spaced);
  });
});

describe('state changes (spec section 4)', () => {
  const state: ListingState = { group: 'smartphone', filter: 'Apple', sort: 'price_desc', page: 4 };

  it('choosing a filter resets to page 1 and clears the sort', () => {
    expect(selectFilter('accessory', 'Cases')).toEqual({ group: 'accessory', filter: 'Cases', sort: '', page: 1 });
    expect(selectFilter('smartphone')).toEqual({ group: 'smartphone', filter: '', sort: '', page: 1 });
  });

  it('changing the sort keeps the filter and resets to page 1', () => {
    expect(changeSort(state, 'price_asc')).toEqual({ group: 'smartphone', filter: 'Apple', sort: 'price_asc', page: 1 });
    expect(changeSort(state, '')).toMatchObject({ sort: '', page: 1 });
  });

  it('changing the page keeps everything else', () => {
    expect(changePage(state, 2)).toEqual({ ...state, page: 2 });
    expect(changePage(state, 0)).toEqual({ ...state, page: 1 });
  });

  it('knows which side filter is selected, ignoring letter case', () => {
    expect(isSelected({ ...state, filter: 'apple' }, 'smartphone', 'Apple')).toBe(true);
    expect(isSelected(state, 'smartphone')).toBe(false);
    expect(isSelected({ ...state, filter: '' }, 'smartphone')).toBe(true);
    expect(isSelected(state, 'accessory', 'Apple')).toBe(false);
  });

  it('shows 10 a page, or 5 under 768 px', () => {
    expect(pageSizeFor(1280)).toBe(10);
    expect(pageSizeFor(768)).toBe(10);
    expect(pageSizeFor(767)).toBe(5);
    expect(pageSizeFor(320)).toBe(5);
  });
});

describe('the API query', () => {
  it('asks for one page at a time', () => {
    expect(resolveListing(read(''), 10, lookups)).toEqual({
      group: null,
      filterName: '',
      ready: true,
      apiQuery: { page: 1, limit: 10, sort: undefined },
    });
  });

  it('maps Smart phones to type=smartphone with the filter as the model', () => {
    const r = resolveListing(read('category=smart phones&filter=apple&sort=price_asc&page=2'), 5, lookups);
    expect(r.apiQuery).toEqual({ page: 2, limit: 5, sort: 'price_asc', type: 'smartphone', model: 'apple' });
    expect(r.filterName).toBe('Apple');
    expect(bannerTitle(r)).toBe('Apple');
  });

  it('maps Accessories to type=accessory with the filter as the category', () => {
    const r = resolveListing(read('category=ACCESSORIES&filter=cases'), 10, lookups);
    expect(r.apiQuery).toEqual({ page: 1, limit: 10, sort: undefined, type: 'accessory', category: 'cases' });
    expect(bannerTitle(r)).toBe('Cases');
    expect(bannerTitle(resolveListing(read('category=accessories'), 10, lookups))).toBe('Accessories');
    expect(bannerTitle(resolveListing(read('category=Smart phones'), 10, lookups))).toBe('Smart Phones');
    expect(bannerTitle(resolveListing(read(''), 10, lookups))).toBe('All Products');
  });

  it('looks up a filter without a category among the brands, then the accessory categories', () => {
    expect(resolveListing(read('filter=Apple'), 10, lookups).apiQuery).toMatchObject({ type: 'smartphone', model: 'Apple' });
    expect(resolveListing(read('filter=Cases'), 10, lookups).apiQuery).toMatchObject({ type: 'accessory', category: 'Cases' });
    expect(resolveListing(read('filter=Nothing'), 10, lookups).apiQuery).toMatchObject({ model: 'Nothing', type: undefined });
    expect(resolveListing(read('filter=Apple'), 10, { models: undefined, categories: undefined }).ready).toBe(false);
    expect(
      resolveListing(read('category=accessories&filter=Cases'), 10, { models: undefined, categories: undefined }).ready,
    ).toBe(true);
  });
});
