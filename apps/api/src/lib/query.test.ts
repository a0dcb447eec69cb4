import { describe, expect, it } from 'vitest';
import { withOnlyParams, withOtherParams } from './query.ts';

describe('withOnlyParams', () => {
  it('keeps the named parameters as they were written, in their places, and drops the rest', () => {
    expect(withOnlyParams('/shop/product?utm_source=mail&category=phones&page=2&fbclid=x', ['category', 'page'])).toBe(
      '/shop/product?category=phones&page=2',
    );
    expect(withOnlyParams('/shop/home?utm_source=mail', [])).toBe('/shop/home');
    expect(withOnlyParams('/shop/home', ['page'])).toBe('/shop/home');
    // A name written encoded, or with '+' for a space, is the parameter the parser reads.
    expect(withOnlyParams('/api/search?%71=iphone+13&x=1', ['q'])).toBe('/api/search?%71=iphone+13');
    expect(withOnlyParams('/api/x?a+b=1&a%20b=2&ab=3', ['a b'])).toBe('/api/x?a+b=1&a%20b=2');
    // Repeated, each is kept: the route answers the repeat (most refuse it).
    expect(withOnlyParams('/api/search?q=a&q=b', ['q'])).toBe('/api/search?q=a&q=b');
  });

  it("reads the query from the first '?' or '#', as the router does", () => {
    expect(withOnlyParams('/api/search#kind=brand&q=apple?z', ['q', 'kind'])).toBe('/api/search?kind=brand&q=apple?z');
    expect(withOnlyParams('/api/search?q=apple#z=1', ['q'])).toBe('/api/search?q=apple#z=1');
  });
});

describe('withOtherParams', () => {
  it('adds the parameters the names leave out, as they were written and in their order', () => {
    expect(withOtherParams('/shop/product?page=2', '/shop/product?utm_source=mail&page=9&%66bclid=x', ['page'])).toBe(
      '/shop/product?page=2&utm_source=mail&%66bclid=x',
    );
    expect(withOtherParams('/shop/product', '/shop/product?page=9&utm_medium=a+b', ['page'])).toBe(
      '/shop/product?utm_medium=a+b',
    );
    expect(withOtherParams('/shop/product?page=2', '/shop/product?page=9&&', ['page'])).toBe('/shop/product?page=2');
    expect(withOtherParams('/shop/product?page=2', '/shop/product', ['page'])).toBe('/shop/product?page=2');
  });
});
