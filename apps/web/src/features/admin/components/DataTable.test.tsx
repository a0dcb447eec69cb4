import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Cell, DataTable, Row } from './DataTable.tsx';

afterEach(cleanup);

const table = (busy?: boolean) => (
  <DataTable caption="Users" columns={['Name', 'Email']} {...(busy === undefined ? {} : { busy })}>
    <Row>
      <Cell>Sarah</Cell>
      <Cell>sarah.thompsonwilliams@outlook.com</Cell>
    </Row>
  </DataTable>
);

describe('DataTable', () => {
  it('names each cell by its column for a phone, where a cell shows its column beside its value', () => {
    render(table());
    expect(screen.getByRole('cell', { name: 'sarah.thompsonwilliams@outlook.com' })).toHaveAttribute('data-label', 'Email');
    expect(screen.getByRole('region', { name: 'Users' })).toHaveAttribute('aria-busy', 'false');
  });

  it('marks the rows busy, dimmed, while they are the last answer and another loads', () => {
    render(table(true));
    const region = screen.getByRole('region', { name: 'Users' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(region).toHaveClass('opacity-60');
  });
});
