import { describe, expect, it } from 'vitest';
import { listingCanonical, listingPath, matchListing, parseGroup, productCrumb } from './listing.ts';
import type { Category, Model } from './types.ts';

describe('listingPath', () => {
  it('writes its query as the browser does, a space as +', () => {
    expect(listingPath('smartphone')).toBe('/shop/product?category=Smart+phones');
    // As new URLSearchParams({ category, filter }) writes them.
    expect(listingPath('accessory', "O'Neil (Cases) & Co!")).toBe(
      '/shop/product?category=Accessories&filter=O%27Neil+%28Cases%29+%26+Co%21',
    );
    expect(listingPath('accessory', 'Écouteurs ~ 100%*')).toBe(
      '/shop/product?category=Accessories&filter=%C3%89couteurs+%7E+100%25*',
    );
  });
});

describe('productCrumb', () => {
  const apple = { _id: 'a', model: 'Apple' };
  const accessories = { _id: 'x', model: 'accessories' };
  const cases = { _id: 'c', category: 'Phone Cases' };

  it("is a phone's brand listing, or an accessory's category listing", () => {
    expect(productCrumb({ model: apple, category: null })).toEqual({
      name: 'Apple',
      path: '/shop/product?category=Smart+phones&filter=Apple',
    });
    expect(productCrumb({ model: accessories, category: cases })).toEqual({
      name: 'Phone Cases',
      path: '/shop/product?category=Accessories&filter=Phone+Cases',
    });
    expect(productCrumb({ model: { _id: 'x', model: 'Accessories' }, category: null })).toEqual({
      name: 'Accessories',
      path: '/shop/product?category=Accessories',
    });
  });

  it('is every phone, or every accessory, once its brand or category is archived: its own listing is no more', () => {
    const shown = { models: [apple, accessories], categories: [cases] };
    expect(productCrumb({ model: apple, category: null }, shown).name).toBe('Apple');
    expect(productCrumb({ model: { _id: 'o', model: 'Oppo' }, category: null }, shown)).toEqual({
      name: 'Smart phones',
      path: '/shop/product?category=Smart+phones',
    });
    expect(productCrumb({ model: accessories, category: cases }, shown).name).toBe('Phone Cases');
    expect(productCrumb({ model: accessories, category: { _id: 'g', category: 'Gadgets' } }, shown)).toEqual({
      name: 'Accessories',
      path: '/shop/product?category=Accessories',
    });
  });
});

describe('matchListing and listingCanonical', () => {
  const models = [
    { _id: 'a', model: 'Apple', status: true },
    { _id: 'n', model: 'Nokia', status: false },
    { _id: 'x', model: 'Accessories', status: true },
  ] as Model[];
  const categories = [{ _id: 'c', category: 'Phone Cases', status: true }] as Category[];
  const canonical = (category: string | null, filter: string) =>
    listingCanonical(matchListing(parseGroup(category), filter, { models, categories }), filter);

  it('names one address for every spelling of a listing, as the shop spells its brand or category', () => {
    const apple = { path: '/shop/product?category=Smart+phones&filter=Apple', noindex: false };
    expect(canonical('Smart phones', 'Apple')).toEqual(apple);
    expect(canonical('SMART-PHONES', ' apple ')).toEqual(apple);
    expect(canonical(null, 'APPLE')).toEqual(apple);
    expect(canonical('accessories', 'phone cases')).toEqual({
      path: '/shop/product?category=Accessories&filter=Phone+Cases',
      noindex: false,
    });
    expect(canonical(null, 'Phone Cases')).toEqual({
      path: '/shop/product?category=Accessories&filter=Phone+Cases',
      noindex: false,
    });
    expect(canonical('smartphones', '')).toEqual({ path: '/shop/product?category=Smart+phones', noindex: false });
    expect(canonical(null, '')).toEqual({ path: '/shop/product', noindex: false });
    expect(canonical('bogus', '')).toEqual({ path: '/shop/product', noindex: false });
  });

  it('keeps a filter that names nothing, an archived brand, or one of the other group out of search engines', () => {
    expect(canonical('Smart phones', 'Bogus')).toEqual({ path: '/shop/product?category=Smart+phones', noindex: true });
    expect(canonical('Smart phones', 'Nokia')).toEqual({ path: '/shop/product?category=Smart+phones', noindex: true });
    expect(canonical('Smart phones', 'Phone Cases')).toEqual({ path: '/shop/product?category=Smart+phones', noindex: true });
    expect(canonical('Accessories', 'Accessories')).toEqual({ path: '/shop/product?category=Accessories', noindex: true });
    expect(canonical(null, 'Bogus')).toEqual({ path: '/shop/product', noindex: true });
  });
});
