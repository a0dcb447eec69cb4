import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { openPage, replacePage } from '../../../lib/pages.ts';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import { category, model, product } from '../fixtures.ts';
import ProductListPage from './ProductListPage.tsx';

vi.mock('../../../lib/pages.ts', () => ({ openPage: vi.fn(), replacePage: vi.fn() }));

function shop(total = 23) {
  const requests: string[] = [];
  mockApi((path) => {
    requests.push(path);
    if (path.startsWith('/product/getall')) {
      const params = new URLSearchParams(path.split('?')[1]);
      const limit = Number(params.get('limit'));
      const page = Number(params.get('page'));
      const matches = params.get('model') === 'Nothing' ? 0 : total;
      const count = Math.max(0, Math.min(limit, matches - (page - 1) * limit));
      const fetchProducts = Array.from({ length: count }, (_, i) =>
        product({ _id: `p${page}-${i}`, productname: `Phone ${page}-${i}` }),
      );
      return { body: { success: true, fetchProducts, page, limit, total: matches, pages: Math.ceil(matches / limit) } };
    }
    if (path === '/model/getall')
      return { body: { success: true, fetchModel: [model('m1', 'Apple'), model('m2', 'Samsung'), model('m3', 'Accessories')] } };
    if (path === '/category/getall') return { body: { success: true, fetchCategory: [category('c1', 'Cases')] } };
    return undefined;
  });
  return requests;
}

const productRequests = (requests: string[]) => requests.filter((r) => r.startsWith('/product/getall'));

describe('ProductListPage', () => {
  it('reads category and filter from the URL, case-insensitively, and fetches one page', async () => {
    const requests = shop();
    renderRoute(<ProductListPage />, { path: '/shop/product?category=SMART%20PHONES&filter=samsung' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Samsung' })).toBeInTheDocument();
    expect(await screen.findByText('Phone 1-0')).toBeInTheDocument();
    expect(productRequests(requests)).toEqual(['/product/getall?page=1&limit=10&type=smartphone&model=samsung']);
    expect(document.title).toBe('Mobile Shop UK | Buy Smartphones & Accessories');
    // The canonical spells the listing as the shop does, whatever the address's spelling.
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'http://localhost:3000/shop/product?category=Smart+phones&filter=Samsung',
    );
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('a sort is the page 1 of the same filter, a page keeps the sort, and a filter link clears both', async () => {
    const user = userEvent.setup();
    shop();
    renderRoute(<ProductListPage />, { path: '/shop/product?category=Smart+phones&page=2' });
    expect(await screen.findByText('Phone 2-0')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Sort by price'), 'Highest Price');
    expect(openPage).toHaveBeenLastCalledWith('/shop/product?category=Smart+phones&sort=price_desc');

    // Pages are links, which work before any script runs; the results are scrolled into view on the page loaded.
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/shop/product?category=Smart+phones&page=3#products',
    );
    expect(screen.getByRole('link', { name: 'Prev' })).toHaveAttribute('href', '/shop/product?category=Smart+phones#products');

    const filters = screen.getByRole('navigation', { name: 'Product filters' });
    expect(within(filters).getByRole('link', { name: 'Cases' })).toHaveAttribute(
      'href',
      '/shop/product?category=Accessories&filter=Cases',
    );
    expect(within(filters).getByRole('link', { name: 'All', current: 'page' })).toBeInTheDocument();
  });

  it('sends a filter as a brand name when the brand or category list cannot be loaded, rather than waiting for ever', async () => {
    const requests: string[] = [];
    mockApi((path) => {
      requests.push(path);
      if (path.startsWith('/product/getall')) {
        return {
          body: { success: true, fetchProducts: [product({ productname: 'Phone A' })], page: 1, limit: 10, total: 1, pages: 1 },
        };
      }
      return { status: 500, body: { success: false, message: 'Database unavailable' } };
    });
    renderRoute(<ProductListPage />, { path: '/shop/product?filter=Apple' });
    expect(await screen.findByText('Phone A')).toBeInTheDocument();
    expect(productRequests(requests)).toEqual(['/product/getall?page=1&limit=10&model=Apple']);
  });

  it('leads a page past the last of the whole listing to the listing itself, with no empty query', async () => {
    shop(5);
    renderRoute(<ProductListPage />, { path: '/shop/product?page=9' });
    await vi.waitFor(() => expect(replacePage).toHaveBeenCalledWith('/shop/product'));
  });

  it('counts one product as one', async () => {
    shop(1);
    renderRoute(<ProductListPage />, { path: '/shop/product' });
    expect(await screen.findByText('Showing 1–1 of 1 product')).toBeInTheDocument();
  });

  it("says 'No products found.' when nothing matches", async () => {
    shop();
    renderRoute(<ProductListPage />, { path: '/shop/product?category=smart+phones&filter=Nothing' });
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Product pages' })).not.toBeInTheDocument();
    // A filter naming no brand is no page for search engines; its canonical is the phones' listing.
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'http://localhost:3000/shop/product?category=Smart+phones',
    );
  });

  it('shows 5 a page when the window is under 768 px wide at load, and toggles grid and list', async () => {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(375);
    const user = userEvent.setup();
    const requests = shop(12);
    renderRoute(<ProductListPage />, { path: '/shop/product' });
    expect(await screen.findByText('Showing 1–5 of 12 products')).toBeInTheDocument();
    expect(productRequests(requests)[0]).toBe('/product/getall?page=1&limit=5');
    expect(screen.getByRole('link', { name: 'Page 3' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'false');
    // Kept where the server reads it too, so the next listing it draws is a list.
    expect(document.cookie.split('; ')).toContain('view=list');
    await user.click(screen.getByRole('button', { name: 'Grid view' }));
    expect(document.cookie.split('; ')).toContain('view=grid');
  });
});
