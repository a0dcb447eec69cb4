import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import { BulkPricePanel } from './BulkPricePanel.tsx';

const change = (n: number) => ({ _id: `r${n}`, productname: `Phone ${n}`, model: 'Apple', repair: 'Screen', from: 100, to: 110 });

/** The panel with a preview of `count` price changes, from 'How much' 10 and Preview. */
async function previewOf(count: number) {
  const changes = Array.from({ length: count }, (_, n) => change(n + 1));
  mockApi((path) =>
    path === '/phonerepair/bulkprice'
      ? { body: { success: true, message: `${count} will change`, changes } }
      : { body: { success: true, fetchModel: [], fetchRepairCategory: [] } },
  );
  renderRoute(<BulkPricePanel onClose={vi.fn()} onUndo={vi.fn()} />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('How much'), '10');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
}

describe('the bulk price panel', () => {
  it('names a single price in the singular', async () => {
    await previewOf(1);
    expect(await screen.findByRole('button', { name: 'Apply to 1 price' })).toBeEnabled();
  });

  it('names many prices in the plural', async () => {
    await previewOf(3);
    expect(await screen.findByRole('button', { name: 'Apply to 3 prices' })).toBeEnabled();
  });
});
