import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
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

  it('asks before leaving with changes not saved; its Cancel, and its own return once saved, do not ask', async () => {
    const sent: unknown[] = [];
    mockApi((path, init) => {
      if (path === '/phonerepair/getbyid/r1')
        return { body: { success: true, fetchPhoneRepair: repair('r1', 'Apple iPhone 13', 'Screen', 89) } };
      if (path === '/phonerepair/update/r1') {
        sent.push(JSON.parse(String(init?.body)));
        return { body: { success: true, data: repair('r1', 'Apple iPhone 13', 'Screen', 77) } };
      }
      return undefined;
    });
    const page = (
      <>
        <UpdateRepairPage />
        <Link to="/admin/dashboard">Dashboard</Link>
      </>
    );
    const user = userEvent.setup();
    // Opens the page afresh, and its price field.
    let close = () => {};
    const open = async () => {
      close();
      close = renderRoute(page, { path: '/admin/updatephonerepair/r1', route: '/admin/updatephonerepair/:id' }).unmount;
      return screen.findByLabelText('Price (£)');
    };
    const location = () => screen.getByTestId('location');
    const leaving = (event = new Event('beforeunload', { cancelable: true })) => {
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };

    // Nothing typed: the link goes, and the browser would close the tab without asking.
    await open();
    expect(leaving()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(location()).toHaveTextContent('/admin/dashboard');

    let price = await open();
    await user.clear(price);
    await user.type(price, '77');
    expect(leaving()).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const question = screen.getByRole('dialog', { name: 'Discard your changes?' });
    expect(question).toHaveTextContent('What you typed in the form has not been saved, and will be lost if you leave this page.');
    expect(location()).toHaveTextContent('/admin/updatephonerepair/r1');
    // Staying keeps what was typed, and asks again at the next try (Escape backs out too).
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(price).toHaveValue(77);
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    fireEvent(screen.getByRole('dialog', { name: 'Discard your changes?' }), new Event('cancel'));
    expect(location()).toHaveTextContent('/admin/updatephonerepair/r1');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(location()).toHaveTextContent('/admin/dashboard');
    expect(leaving()).toBe(false);

    // The form's own Cancel discards without asking.
    price = await open();
    await user.type(price, '5');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(location()).toHaveTextContent('/admin/phonerepairlist');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Saved: the form goes back to the list without asking.
    price = await open();
    await user.clear(price);
    await user.type(price, '77');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(location()).toHaveTextContent('/admin/phonerepairlist'));
    expect(sent).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
