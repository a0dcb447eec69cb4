import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import { ImportPanel } from './CsvTools.tsx';

const checked = (counts: { created: number; updated: number; unchanged: number }) =>
  mockApi((path) =>
    path === '/phonerepair/import?dryRun=1' ? { body: { success: true, message: 'Checked', ...counts, errors: [] } } : undefined,
  );

async function choose(csv: string) {
  renderRoute(
    <ImportPanel
      path="/phonerepair/import"
      noun="repair prices"
      columns="Product Name, Model, Repair, Price"
      invalidate={[]}
      onClose={vi.fn()}
    />,
  );
  await userEvent.setup().upload(screen.getByLabelText(/CSV file/i), new File([csv], 'prices.csv', { type: 'text/csv' }));
}

describe('ImportPanel', () => {
  it('says a file with no rows has none', async () => {
    checked({ created: 0, updated: 0, unchanged: 0 });
    await choose('Product Name,Model,Repair,Price\r\n');
    expect(await screen.findByText('This file has no rows: there is nothing to import.')).toBeInTheDocument();
  });

  it('says a file whose every row is already in the shop has nothing to import', async () => {
    checked({ created: 0, updated: 0, unchanged: 3 });
    await choose('Product Name,Model,Repair,Price\r\nApple iPhone 13,Apple,Screen,129\r\n');
    expect(
      await screen.findByText('Everything in this file is already in the shop: there is nothing to import.'),
    ).toBeInTheDocument();
  });

  it('names what Apply imports, one row in the singular', async () => {
    checked({ created: 1, updated: 0, unchanged: 2 });
    await choose('Product Name,Model,Repair,Price\r\nApple iPhone 13,Apple,Screen,129\r\n');
    expect(await screen.findByRole('button', { name: 'Apply: import 1 repair price' })).toBeInTheDocument();
  });

  it('names what Apply imports, many rows in the plural', async () => {
    checked({ created: 1_200, updated: 34, unchanged: 0 });
    await choose('Product Name,Model,Repair,Price\r\nApple iPhone 13,Apple,Screen,129\r\n');
    expect(await screen.findByRole('button', { name: 'Apply: import 1,234 repair prices' })).toBeInTheDocument();
  });
});
