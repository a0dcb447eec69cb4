import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import { model, product } from '../fixtures.ts';
import HomePage from './HomePage.tsx';

describe('HomePage', () => {
  it('shows the empty states of an empty shop, with the fallback shop identity', async () => {
    mockApi((path) => {
      if (path.startsWith('/product/getall'))
        return { body: { success: true, fetchProducts: [], page: 1, limit: 8, total: 0, pages: 0 } };
      if (path === '/model/getall') return { body: { success: true, fetchModel: [] } };
      if (path === '/category/getall') return { body: { success: true, fetchCategory: [] } };
      if (path === '/appdetail/getall') return { body: { success: true, fetchAppDetail: [] } };
      return undefined;
    });
    renderRoute(<HomePage />);
    await waitFor(() => expect(screen.getAllByText('No data available')).toHaveLength(2));
    expect(await screen.findByText('No products available')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Mobile Shop UK');
    expect(screen.getByRole('link', { name: /GO Fix/ })).toHaveAttribute('href', '/shop/phonerepair');
    // With no brands, each repair card opens the choice of brands.
    for (const brand of ['iPhone', 'Samsung', 'Nokia', 'Oppo', 'Redmi'])
      expect(screen.getByRole('link', { name: new RegExp(`^${brand}`) })).toHaveAttribute(
        'href',
        '/shop/phonerepair',
      );
    expect(screen.getByRole('link', { name: /Call \+44 7700 900123/, hidden: true })).toHaveAttribute(
      'href',
      'tel:+447700900123',
    );
  });

  it("keeps each section's heading over its state while its products load and when they cannot be", async () => {
    mockApi((path) =>
      path.startsWith('/product/getall')
        ? { status: 500, body: { success: false, message: 'The shop is not answering' } }
        : undefined,
    );
    renderRoute(<HomePage />);
    for (const name of ['Buy SmartPhones', 'Buy Phone Accessories', 'Latest Arrivals'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(screen.getAllByText('Loading products')).not.toHaveLength(0);
    await waitFor(() => expect(screen.getAllByText('The shop is not answering')).toHaveLength(3));
    for (const name of ['Buy SmartPhones', 'Buy Phone Accessories'])
      expect(screen.getByRole('region', { name })).toHaveTextContent('The shop is not answering');
  });

  it("opens a repair card's brand's repair prices when the shop has that brand", async () => {
    mockApi((path) =>
      path === '/model/getall'
        ? { body: { success: true, fetchModel: [model('m1', 'Apple'), model('m2', 'Xiaomi'), model('m3', 'Nokia', false)] } }
        : undefined,
    );
    renderRoute(<HomePage />);
    const card = (name: string) => screen.getByRole('link', { name: new RegExp(`^${name}`) });
    await waitFor(() => expect(card('iPhone')).toHaveAttribute('href', '/repairs/apple'));
    expect(card('Redmi')).toHaveAttribute('href', '/repairs/xiaomi');
    // A brand the shop does not have, or has hidden: the choice of brands.
    expect(card('Samsung')).toHaveAttribute('href', '/shop/phonerepair');
    expect(card('Nokia')).toHaveAttribute('href', '/shop/phonerepair');
  });

  it('asks for the chosen brand only, and shows its phones', async () => {
    const requests: string[] = [];
    mockApi((path) => {
      requests.push(path);
      if (path.startsWith('/product/getall')) {
        const isApple = path.includes('model=m1');
        return {
          body: {
            success: true,
            fetchProducts: isApple ? [product()] : [],
            page: 1,
            limit: 8,
            total: isApple ? 1 : 0,
            pages: isApple ? 1 : 0,
          },
        };
      }
      if (path === '/model/getall')
        return { body: { success: true, fetchModel: [model('m1', 'Apple'), model('m9', 'Accessories')] } };
      return undefined;
    });
    const user = userEvent.setup();
    renderRoute(<HomePage />);
    const apple = await screen.findByRole('button', { name: 'Apple' });
    expect(screen.queryByRole('button', { name: 'Accessories' })).not.toBeInTheDocument();
    await user.click(apple);
    expect(await screen.findByRole('link', { name: 'Apple iPhone 15' })).toHaveAttribute('href', '/shop/productpage/p1');
    expect(requests).toContain('/product/getall?type=smartphone&model=m1&limit=8&count=no');
    expect(screen.getByRole('link', { name: 'View all Apple phones' })).toHaveAttribute(
      'href',
      '/shop/product?category=Smart+phones&filter=Apple',
    );
  });
});
