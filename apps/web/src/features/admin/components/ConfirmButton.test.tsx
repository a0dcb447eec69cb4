import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmButton } from './ConfirmButton.tsx';
import { Cell, DataTable, Row } from './DataTable.tsx';

afterEach(cleanup);

/** A console list whose rows each have an Edit link and a Delete button, as PagedList draws them. */
function List({ names, pending }: { names: string[]; pending?: string }) {
  return (
    <main>
      <h1 tabIndex={-1}>Products</h1>
      {names.length > 0 && (
        <DataTable caption="Products" columns={['Name', 'Actions']}>
          {names.map((name) => (
            <Row key={name}>
              <Cell>{name}</Cell>
              <Cell>
                <a href={`/admin/products/${name}`}>Edit</a>
                <ConfirmButton
                  label={`Delete ${name}`}
                  title="Delete product?"
                  message={`${name} will be deleted.`}
                  confirmLabel="Delete"
                  pending={pending === name}
                  onConfirm={() => undefined}
                >
                  Delete
                </ConfirmButton>
              </Cell>
            </Row>
          ))}
        </DataTable>
      )}
    </main>
  );
}

const deleteButton = (name: string) => screen.getByRole('button', { name: `Delete ${name}` });

describe('ConfirmButton', () => {
  it("hands the focus, as its record leaves, to the next row's same button, the previous row's for the last, then the heading", async () => {
    const { rerender } = render(<List names={['A', 'B', 'C']} />);
    deleteButton('B').focus();
    rerender(<List names={['A', 'C']} />);
    await waitFor(() => expect(deleteButton('C')).toHaveFocus());

    rerender(<List names={['A']} />);
    await waitFor(() => expect(deleteButton('A')).toHaveFocus());

    rerender(<List names={[]} />);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Products' })).toHaveFocus());
  });

  it('leaves the focus where it is when it did not hold it', async () => {
    const { rerender } = render(<List names={['A', 'B']} />);
    const edit = screen.getAllByRole('link', { name: 'Edit' })[0]!;
    edit.focus();
    rerender(<List names={['A']} />);
    await new Promise((resolve) => setTimeout(resolve));
    expect(edit).toHaveFocus();
  });

  it('keeps the focus while its action is under way, and ignores presses meanwhile', () => {
    const showModal = vi.fn();
    const { rerender } = render(<List names={['A', 'B']} />);
    deleteButton('B').focus();
    rerender(<List names={['A', 'B']} pending="B" />);
    expect(deleteButton('B')).toHaveFocus();
    expect(deleteButton('B')).toHaveAttribute('aria-disabled', 'true');
    const dialog = deleteButton('B').nextElementSibling as HTMLDialogElement;
    dialog.showModal = showModal;
    fireEvent.click(deleteButton('B'));
    expect(showModal).not.toHaveBeenCalled();
    expect(dialog).not.toHaveAttribute('open');
  });
});
