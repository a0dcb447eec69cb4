import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import { repair } from '../../shop/fixtures.ts';
import UpdateRepairPage from './UpdateRepairPage.tsx';

describe('UpdateRepairPage', () => {
  it("sends the phone's aliases only when they were changed, so a price moved to another phone leaves that phone's", async () => {
    const sent: unknown[] = [];
    mockApi((path, init) => {
      if (path === '/phonerepair/getbyid/r1') {
        const current = repair('r1', 'S24 Ultra', 'Screen', 89);
        return { body: { success: true, fetchPhoneRepair: { ...current, phone: { ...current.phone, aliases: ['S24U'] } } } };
      }
      if (path === '/phonerepair/update/r1') {
        sent.push(JSON.parse(String(init?.body)));
        return { body: { success: true, data: repair('r1', 'Galaxy S24 Ultra', 'Screen', 89) } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    const edit = async (field: string, value: string) => {
      const { unmount } = renderRoute(<UpdateRepairPage />, {
        path: '/admin/updatephonerepair/r1',
        route: '/admin/updatephonerepair/:id',
      });
      const input = await screen.findByLabelText(field);
      await user.clear(input);
      await user.type(input, value);
      await user.click(screen.getByRole('button', { name: 'Update' }));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/phonerepairlist'));
      unmount();
      return sent.at(-1);
    };
    const moved = await edit('Product Name', 'Galaxy S24 Ultra');
    // With the price's updatedAt as the form loaded it, so a change made since is not saved over.
    expect(moved).toMatchObject({ productname: 'Galaxy S24 Ultra', updatedAt: '2025-01-01T00:00:00.000Z' });
    expect(moved).not.toHaveProperty('aliases');
    expect(await edit('Aliases (optional)', 'SM-S928B')).toMatchObject({ productname: 'S24 Ultra', aliases: ['SM-S928B'] });
  });

  it('sends the updatedAt the form took its values with, though a re-read brings a newer one', async () => {
    let reads = 0;
    const sent: unknown[] = [];
    mockApi((path, init) => {
      if (path === '/phonerepair/getbyid/r1') {
        reads++;
        const current = repair('r1', 'Apple iPhone 13', 'Screen', reads === 1 ? 89 : 99);
        return { body: { success: true, fetchPhoneRepair: { ...current, updatedAt: `2025-01-0${reads}T00:00:00.000Z` } } };
      }
      if (path === '/phonerepair/update/r1') {
        sent.push(JSON.parse(String(init?.body)));
        return { status: 409, body: { success: false, message: 'This price was changed since you opened it' } };
      }
      return undefined;
    });
    renderRoute(<UpdateRepairPage />, { path: '/admin/updatephonerepair/r1', route: '/admin/updatephonerepair/:id' });
    const user = userEvent.setup();
    const price = await screen.findByLabelText('Price (£)');
    // The price changes elsewhere, and the page reads it again as the network comes back: the form keeps 89.
    act(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(reads).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(price).toHaveValue(89);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ price: 89, updatedAt: '2025-01-01T00:00:00.000Z' });
  });

  it('keeps the form and what was typed in it when a re-read of the repair fails', async () => {
    let reads = 0;
    let failing = false;
    mockApi((path) => {
      if (path === '/phonerepair/getbyid/r1') {
        reads++;
        return failing
          ? { status: 503, body: { success: false, message: 'Service unavailable' } }
          : { body: { success: true, fetchPhoneRepair: repair('r1', 'Apple iPhone 13', 'Screen', 89) } };
      }
      return undefined;
    });
    renderRoute(<UpdateRepairPage />, { path: '/admin/updatephonerepair/r1', route: '/admin/updatephonerepair/:id' });
    const user = userEvent.setup();
    const price = await screen.findByLabelText('Price (£)');
    await user.clear(price);
    await user.type(price, '77');

    failing = true;
    // The network drops and comes back: the edit page reads its repair again, and that read fails.
    act(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(reads).toBe(2));
    // Let the failed read settle into the query before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Price (£)')).toHaveValue(77);
    expect(screen.getByRole('button', { name: 'Update' })).not.toHaveAttribute('aria-disabled');
  });
});
