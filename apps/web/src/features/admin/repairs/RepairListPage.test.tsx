import '@testing-library/jest-dom/vitest';
import type { UndoableChange } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import RepairListPage from './RepairListPage.tsx';

const MINUTE = 60_000;

/** The list with `last` as its last change; what undo calls send, and the last change after them (none). */
function listWith(last: UndoableChange | null) {
  const undos: unknown[] = [];
  mockApi((path, init) => {
    if (path.startsWith('/phonerepair/getall'))
      return { body: { success: true, fetchPhoneRepair: [], page: 1, limit: 20, total: 0, pages: 0 } };
    if (path === '/phonerepair/bulkprice/last') return { body: { success: true, lastChange: undos.length ? null : last } };
    if (path === '/phonerepair/bulkprice/undo') {
      undos.push(JSON.parse(String(init?.body)));
      return { body: { success: true, message: 'Undone: 2 prices restored' } };
    }
    return { body: { success: true, fetchModel: [], fetchRepairCategory: [] } };
  });
  renderRoute(<RepairListPage />, { path: '/admin/phonerepairlist' });
  return undos;
}

const change = (ago: number, undoRefused: string | null = null): UndoableChange => ({
  changeId: 'change-1',
  kind: 'bulk-price',
  label: '2 repair prices +£20',
  at: new Date(Date.now() - ago).toISOString(),
  undoRefused,
});

describe('the repair list', () => {
  it('offers the last change to undo on coming back, asks first, and undoes that change only', async () => {
    const undos = listWith(change(10 * MINUTE));
    const user = userEvent.setup();
    const last = await screen.findByRole('region', { name: 'Last change' });
    expect(within(last).getByText(/^Last change, /)).toHaveTextContent(
      /^Last change, \d+ \w+ \d{4}, \d\d:\d\d: 2 repair prices \+£20$/,
    );
    await user.click(within(last).getByRole('button', { name: 'Undo 2 repair prices +£20' }));
    const dialog = screen.getByRole('dialog', { name: 'Undo this change?' });
    expect(dialog).toHaveTextContent(/^Undo this change\?The prices it changed go back to what they were before it\.Cancel/);
    expect(undos).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(undos).toEqual([{ change: 'change-1' }]));
    // Undone: no longer offered.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Last change' })).not.toBeInTheDocument());
  });

  it('says why the last change can no longer be undone, in place of Undo, once a price it set was changed since', async () => {
    listWith(change(10 * MINUTE, 'It can no longer be undone: 1 price was changed or deleted since'));
    const last = await screen.findByRole('region', { name: 'Last change' });
    expect(last).toHaveTextContent(
      /^Last change, \d+ \w+ \d{4}, \d\d:\d\d: 2 repair prices \+£20It can no longer be undone: 1 price was changed or deleted since\.$/,
    );
    expect(within(last).queryByRole('button')).not.toBeInTheDocument();
  });

  it('leaves the offer to the panel while one is open', async () => {
    listWith(change(10 * MINUTE));
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Last change' });
    await user.click(screen.getByRole('button', { name: 'Change prices' }));
    expect(screen.queryByRole('region', { name: 'Last change' })).not.toBeInTheDocument();
  });

  it('gives the focus back to the button that opened a panel when the panel closes with it', async () => {
    listWith(null);
    const user = userEvent.setup();
    for (const [opener, close] of [
      ['Change prices', 'Close Change prices'],
      ['Import CSV', 'Close the import'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: opener }));
      await user.click(screen.getByRole('button', { name: close }));
      await waitFor(() => expect(screen.getByRole('button', { name: opener })).toHaveFocus());
      expect(screen.getByRole('button', { name: opener })).toHaveAttribute('aria-expanded', 'false');
    }
  });

  it('makes no offer for a change more than a day old', async () => {
    listWith(change(25 * 60 * MINUTE));
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Last change' })).not.toBeInTheDocument();
  });
});
