import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import { product } from '../fixtures.ts';
import ProductPage from './ProductPage.tsx';

const at = (id = 'p1') => renderRoute(<ProductPage />, { path: `/shop/productpage/${id}`, route: '/shop/productpage/:id' });

describe('ProductPage', () => {
  it("shows 'Loading.......' and then the product with price in pounds, badges, swatches and the call button", async () => {
    mockApi((path) => {
      if (path === '/product/getbyid/p1') return { body: { success: true, fetchProduct: product({ price: 1299.5 }) } };
      if (path === '/appdetail/getall') return { body: { success: true, fetchAppDetail: [] } };
      return undefined;
    });
    at();
    expect(screen.getByText('Loading.......')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Apple iPhone 15' })).toBeInTheDocument();
    expect(screen.getByText('£1,299.50')).toBeInTheDocument();
    expect(screen.getByText('In Stock')).toHaveClass('text-green-700');
    expect(screen.getByText('NHS and Students discount available')).toBeInTheDocument();
    expect(screen.getByText('RAM 6GB')).toBeInTheDocument();
    expect(screen.getByText('Storage 256GB')).toBeInTheDocument();
    expect(screen.getByText('Blue')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Call For Purchase' })).toHaveAttribute('href', 'tel:+447700900123');
    expect(screen.getAllByRole('button', { name: /Show image/ })).toHaveLength(2);
  });

  it("shows 'Out of Stock' instead of the call button, no badges for accessories, and Black when no colour is given", async () => {
    const accessory = product({
      availability: 'Out of Stock',
      model: { _id: 'm9', model: 'Accessories' },
      category: { _id: 'c1', category: 'Cases' },
      ram: [],
      rom: [],
      color: ' ',
    });
    mockApi((path) => (path === '/product/getbyid/p1' ? { body: { success: true, fetchProduct: accessory } } : undefined));
    at();
    const outOfStock = await screen.findAllByText('Out of Stock');
    expect(outOfStock).toHaveLength(2);
    for (const text of outOfStock) expect(text).toHaveClass('text-red-700');
    expect(screen.queryByRole('link', { name: 'Call For Purchase' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^RAM /)).not.toBeInTheDocument();
    expect(screen.getByText('Black')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cases' })).toHaveAttribute(
      'href',
      '/shop/product?category=Accessories&filter=Cases',
    );
  });

  it("leads its breadcrumb to the brand's phones, or to every phone once the brand is archived", async () => {
    for (const [models, crumb, path] of [
      [[{ _id: 'm1', model: 'Apple', status: true }], 'Apple', '/shop/product?category=Smart+phones&filter=Apple'],
      [[], 'Smart phones', '/shop/product?category=Smart+phones'],
    ] as const) {
      mockApi((url) => {
        if (url === '/product/getbyid/p1') return { body: { success: true, fetchProduct: product() } };
        if (url === '/model/getall') return { body: { success: true, fetchModel: models } };
        if (url === '/category/getall') return { body: { success: true, fetchCategory: [] } };
        return undefined;
      });
      const { unmount } = at();
      const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
      await waitFor(() => expect(within(breadcrumb).getByRole('link', { name: crumb })).toHaveAttribute('href', path));
      unmount();
    }
  });

  it("shows the server's message for an unknown id, never a blank page", async () => {
    mockApi(() => ({ status: 404, body: { success: false, message: 'Product not found' } }));
    at('nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Product not available');
  });

  it("falls back to 'Error loading product' when the shop cannot be reached", async () => {
    mockApi(() => {
      throw new TypeError('Failed to fetch');
    });
    at();
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent('Error loading product');
  });
});
