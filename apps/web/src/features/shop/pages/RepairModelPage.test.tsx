import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import RepairModelPage from './RepairModelPage.tsx';

const at = () => renderRoute(<RepairModelPage />, { path: '/repairs/apple/iphone-13', route: '/repairs/:brand/:model' });

describe('RepairModelPage', () => {
  it('names what failed to load in its heading, gives the reason and leads back to the repair brands', async () => {
    mockApi((path) =>
      path === '/repairs/apple/iphone-13' ? { status: 503, body: { success: false, message: 'Try again' } } : undefined,
    );
    at();
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent('Try again');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Repair prices not available');
    expect(screen.getByRole('link', { name: 'Back to Phone Repair' })).toHaveAttribute('href', '/shop/phonerepair');
  });

  it('shows the 404 page for a phone model the shop does not repair', async () => {
    mockApi(() => ({ status: 404, body: { success: false, message: 'Not found' } }));
    at();
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
  });
});
