import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import { model, repair } from '../fixtures.ts';
import PhoneRepairDetailPage from './PhoneRepairDetailPage.tsx';

const at = (id = 'm1') =>
  renderRoute(<PhoneRepairDetailPage />, { path: `/shop/phonerepairdetail/${id}`, route: '/shop/phonerepairdetail/:id' });

describe('PhoneRepairDetailPage', () => {
  it('posts the model id and shows the table with repairs and prices in pounds', async () => {
    let body = '';
    mockApi((path, init) => {
      if (path === '/phonerepair/getgroupdata') {
        body = String(init?.body);
        return {
          body: {
            success: true,
            message: 'ok',
            data: {
              repairs: [repair('r1', 'Apple iPhone 13', 'Screen', 49), repair('r2', 'Apple iPhone 13', 'Battery', 1299.99)],
            },
          },
        };
      }
      if (path === '/model/getall') return { body: { success: true, fetchModel: [model('m1', 'Apple')] } };
      return undefined;
    });
    at();
    expect(screen.getByRole('status')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(JSON.parse(body)).toEqual({ id: 'm1' });
    expect(screen.getByText('Prices are a guide. Book a repair above, or call us for a quote.')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Phone Name', 'Repair', 'Price', 'Book this repair']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Apple iPhone 13', 'Screen Repair', '£49', 'Book this repair']);
    const book = within(rows[0]!).getByRole('link', { name: 'Book this repair: Apple iPhone 13 Screen' });
    expect(book).toHaveAttribute('aria-haspopup', 'dialog');
    // Before the app is live, the browser follows it to the contact page's form about this repair price.
    expect(book.getAttribute('href')).toMatch(/^\/contact\?repair=[\w-]+#contact-form$/);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Apple iPhone 13', 'Battery Repair', '£1,299.99', 'Book this repair']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Apple Repair Prices' })).toBeInTheDocument();
  });

  it("is the shop's 404 for an archived brand or Accessories, whose prices are kept but not shown", async () => {
    for (const listed of [[], [{ ...model('m1', 'Oppo'), status: false }], [model('m1', 'Accessories')]]) {
      mockApi((path) => {
        if (path === '/phonerepair/getgroupdata') {
          return { body: { success: true, message: 'ok', data: { repairs: [repair('r1', 'Oppo Reno 10', 'Screen', 89)] } } };
        }
        if (path === '/model/getall') return { body: { success: true, fetchModel: listed } };
        return undefined;
      });
      const { unmount } = at();
      expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      unmount();
    }
  });

  it("says 'No records found.' when the model has no repair prices", async () => {
    mockApi((path) =>
      path === '/phonerepair/getgroupdata' ? { body: { success: true, message: 'ok', data: { repairs: [] } } } : undefined,
    );
    at();
    expect(await screen.findByText('No records found.')).toBeInTheDocument();
    // No page to index until it has a price, as the server says.
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it("shows the server's message, or 'An error occurred while fetching data.' when there is none", async () => {
    mockApi(() => ({ status: 404, body: { success: false, message: 'Model not found' } }));
    at('nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Model not found');
    // With no prices above to book from, the call to book offers a quote instead.
    expect(screen.getByText('Call us for a quote on any repair.')).toBeInTheDocument();
    expect(screen.queryByText(/Book a repair above/)).not.toBeInTheDocument();
  });

  it("falls back to 'An error occurred while fetching data.'", async () => {
    mockApi(() => ({ status: 502, body: 'bad gateway' }));
    at();
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent('An error occurred while fetching data.');
  });
});
