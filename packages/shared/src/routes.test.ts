import { describe, expect, it } from 'vitest';
import { listingPath, productCrumb } from './routes.ts';

describe('listingPath', () => {
  it('writes its query as the browser does, a space as +', () => {
    expect(listingPath('Smart phones')).toBe('/shop/product?category=Smart+phones');
    for (const filter of ['Apple', "O'Neil (Cases) & Co!", 'Écouteurs ~ 100%']) {
      const expected = `/shop/product?${new URLSearchParams({ category: 'Accessories', filter })}`;
      expect(listingPath('Accessories', filter)).toBe(expected);
    }
  });
});

describe('productCrumb', () => {
  it("is a phone's brand listing, or an accessory's category listing", () => {
    expect(productCrumb({ model: { model: 'Apple' }, category: null })).toEqual({
      name: 'Apple',
      path: '/shop/product?category=Smart+phones&filter=Apple',
    });
    expect(productCrumb({ model: { model: 'accessories' }, category: { category: 'Phone Cases' } })).toEqual({
      name: 'Phone Cases',
      path: '/shop/product?category=Accessories&filter=Phone+Cases',
    });
    expect(productCrumb({ model: { model: 'Accessories' }, category: null })).toEqual({
      name: 'Accessories',
      path: '/shop/product?category=Accessories',
    });
  });
});
