import '../lib/testing.tsx';
import { SHOP_PAGE_QUERY, SHOP_PAGES, type ShopPage } from '@shop/shared';
import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../lib/testing.tsx';
import { App } from './App.tsx';

/** A page's address with every parameter a shop page reads, and one none does. */
const addressOf = (page: ShopPage) =>
  `${SHOP_PAGES[page].replace(/:\w+/g, 'x')}?${[...new Set(Object.values(SHOP_PAGE_QUERY).flat()), 'utm_source'].map((n) => `${n}=1`).join('&')}`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the query parameters of the shop pages', () => {
  // The server draws and keeps each page by the parameters SHOP_PAGE_QUERY names for it (plugins/web.ts): a page
  // reading another would be drawn without it.
  it.each(Object.keys(SHOP_PAGES) as ShopPage[])('%s reads only those SHOP_PAGE_QUERY names for it', async (page) => {
    mockApi(() => undefined);
    const read = new Set<string>();
    for (const method of ['get', 'getAll', 'has'] as const) {
      const original = URLSearchParams.prototype[method] as (this: URLSearchParams, name: string) => unknown;
      vi.spyOn(URLSearchParams.prototype, method).mockImplementation(function (this: URLSearchParams, name: string) {
        read.add(name);
        return original.call(this, name);
      } as never);
    }
    const { unmount } = render(
      <App client={new QueryClient({ defaultOptions: { queries: { retry: false } } })} location={addressOf(page)} />,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    unmount();
    expect([...read].filter((name) => !SHOP_PAGE_QUERY[page].includes(name))).toEqual([]);
    if (SHOP_PAGE_QUERY[page].length) expect(read.size).toBeGreaterThan(0);
  });
});
