import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import { BulkPricePanel } from './BulkPricePanel.tsx';

// The toasts' Undo buttons, as the panel hands them over.
const toastUndos = vi.hoisted(() => [] as (() => void)[]);
vi.mock('../components/action-toast.tsx', () => ({
  notifyWithUndo: (_message: string, onUndo: () => void) => toastUndos.push(onUndo),
  notifiedSignedOut: () => false,
}));

const change = (n: number) => ({ _id: `r${n}`, productname: `Phone ${n}`, model: 'Apple', repair: 'Screen', from: 100, to: 110 });

/** The panel with a preview of `count` price changes, from 'How much' 10 and Preview. */
async function previewOf(count: number, onUndo: (change: string | undefined) => Promise<unknown> = vi.fn()) {
  const changes = Array.from({ length: count }, (_, n) => change(n + 1));
  mockApi((path) =>
    path === '/phonerepair/bulkprice'
      ? { body: { success: true, message: `${count} will change`, changes, changeId: 'change-1' } }
      : { body: { success: true, fetchModel: [], fetchRepairCategory: [] } },
  );
  renderRoute(<BulkPricePanel onClose={vi.fn()} onUndo={onUndo} />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('How much'), '10');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  return user;
}

describe('the bulk price panel', () => {
  it('names a single price in the singular', async () => {
    await previewOf(1);
    expect(await screen.findByRole('button', { name: 'Apply to 1 price' })).not.toHaveAttribute('aria-disabled');
  });

  it('announces what a preview says, not its table, which is there to be read', async () => {
    await previewOf(3);
    const said = await screen.findByText('3 will change');
    const live = said.closest('[aria-live]');
    expect(live).not.toBeNull();
    expect(live!.querySelector('table')).toBeNull();
    expect(screen.getByRole('table', { name: 'Prices before and after the change' })).toBeInTheDocument();
  });

  it('takes focus to How much when the change cannot be read, as every console form does', async () => {
    mockApi(() => ({ body: { success: true, fetchModel: [], fetchRepairCategory: [] } }));
    renderRoute(<BulkPricePanel onClose={vi.fn()} onUndo={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const amount = screen.getByLabelText('How much');
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveAttribute('aria-invalid', 'true');
  });

  it('names many prices in the plural', async () => {
    await previewOf(3);
    expect(await screen.findByRole('button', { name: 'Apply to 3 prices' })).not.toHaveAttribute('aria-disabled');
  });

  it('lowers by what is typed with Lower, whatever its sign', async () => {
    const sent: unknown[] = [];
    mockApi((path, init) => {
      if (path !== '/phonerepair/bulkprice') return { body: { success: true, fetchModel: [], fetchRepairCategory: [] } };
      sent.push(JSON.parse(String(init?.body)));
      return { body: { success: true, message: '1 will change', changes: [change(1)] } };
    });
    renderRoute(<BulkPricePanel onClose={vi.fn()} onUndo={vi.fn()} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Up or down'), 'down');
    await user.type(screen.getByLabelText('How much'), '-10');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ change: { value: -10 } });
  });

  it("sends an earlier change's toast Undo with that change, for the server to refuse, not with the later one", async () => {
    let applied = 0;
    mockApi((path, init) => {
      if (path !== '/phonerepair/bulkprice') return { body: { success: true, fetchModel: [], fetchRepairCategory: [] } };
      const dryRun = (JSON.parse(String(init?.body)) as { dryRun: boolean }).dryRun;
      return {
        body: { success: true, message: 'Changed', changes: [change(1)], ...(dryRun ? {} : { changeId: `change-${++applied}` }) },
      };
    });
    const onUndo = vi.fn(async () => undefined);
    renderRoute(<BulkPricePanel onClose={vi.fn()} onUndo={onUndo} />);
    const user = userEvent.setup();
    toastUndos.length = 0;
    for (const value of ['10', '20']) {
      await user.clear(screen.getByLabelText('How much'));
      await user.type(screen.getByLabelText('How much'), value);
      await user.click(screen.getByRole('button', { name: 'Preview' }));
      await user.click(await screen.findByRole('button', { name: 'Apply to 1 price' }));
      await screen.findByRole('button', { name: 'Undo' });
    }
    expect(toastUndos).toHaveLength(2);
    toastUndos[0]!();
    await waitFor(() => expect(onUndo).toHaveBeenCalledWith('change-1'));
    expect(onUndo).not.toHaveBeenCalledWith('change-2');
  });

  it('undoes once however often Undo is pressed, and stops offering it once the prices are back', async () => {
    let finish!: () => void;
    const onUndo = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = await previewOf(2, onUndo);
    await user.click(await screen.findByRole('button', { name: 'Apply to 2 prices' }));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    await user.click(undo);
    await user.click(undo);
    // The change this panel applied, not whichever is the last by then.
    expect(onUndo.mock.calls).toEqual([['change-1']]);
    expect(undo).toHaveAttribute('aria-disabled', 'true');
    expect(undo).toHaveFocus();
    finish();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument());
    // Undo went with the change it undid: its focus goes to Preview, the next step, not to the top of the page.
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveFocus();
  });

  it('keeps the focus on Apply once the change is applied, and Apply waits for a new preview', async () => {
    const user = await previewOf(2);
    await user.click(await screen.findByRole('button', { name: 'Apply to 2 prices' }));
    await screen.findByRole('button', { name: 'Undo' });
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toHaveFocus();
    expect(apply).toHaveAttribute('aria-disabled', 'true');
    await user.click(apply);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers Undo again when the undo is refused', async () => {
    const onUndo = vi.fn().mockRejectedValueOnce(new Error('A price was edited since')).mockResolvedValueOnce(undefined);
    const user = await previewOf(2, onUndo);
    await user.click(await screen.findByRole('button', { name: 'Apply to 2 prices' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).not.toHaveAttribute('aria-disabled'));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument());
  });

  it('applies with the preview it showed, and when the prices moved since, says so and asks for a new preview', async () => {
    const sent: { dryRun: boolean; preview?: string }[] = [];
    mockApi((path, init) => {
      if (path !== '/phonerepair/bulkprice') return { body: { success: true, fetchModel: [], fetchRepairCategory: [] } };
      const body = JSON.parse(String(init?.body)) as { dryRun: boolean; preview?: string };
      sent.push(body);
      if (body.dryRun) return { body: { success: true, message: '1 will change', changes: [change(1)], preview: 'shown-1' } };
      return {
        status: 409,
        body: { success: false, message: 'The prices in this scope changed since the preview: preview again' },
      };
    });
    renderRoute(<BulkPricePanel onClose={vi.fn()} onUndo={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('How much'), '10');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Apply to 1 price' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The prices in this scope changed since the preview');
    expect(sent.map((b) => [b.dryRun, b.preview])).toEqual([
      [true, undefined],
      [false, 'shown-1'],
    ]);
    // The old preview no longer shows what Apply would do: it goes, and Apply waits for a new one.
    expect(screen.queryByRole('table', { name: 'Prices before and after the change' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveAttribute('aria-disabled', 'true');
  });
});
