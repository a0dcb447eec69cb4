import '@testing-library/jest-dom/vitest';
import type { Model } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import ModelsPage from './ModelsPage.tsx';

const brand = (id: string, model: string, logo: boolean): Model => ({
  _id: id,
  model,
  slug: model.toLowerCase(),
  file: logo ? { secure_url: `/media/${id}.webp`, srcset: `/media/${id}.webp 256w`, width: 256, height: 256 } : null,
  status: true,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
});

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

function brands() {
  const sent: { path: string; body: FormData }[] = [];
  mockApi((path, init) => {
    if (path === '/model/getall')
      return { body: { success: true, fetchModel: [brand('m1', 'Samsnug', true), brand('m2', 'Accessories', false)] } };
    if (path.startsWith('/model/update/') || path === '/model/create') {
      sent.push({ path, body: init?.body as FormData });
      return { body: { success: true, message: 'Model updated', data: brand('m1', 'Samsung', true) } };
    }
    return undefined;
  });
  renderRoute(<ModelsPage />, { path: '/admin/addmodel' });
  return { sent, user: userEvent.setup() };
}

describe('Add Model', () => {
  it("renames a brand from its row's Edit, keeping its logo unless a new one is chosen", async () => {
    const { sent, user } = brands();
    await user.click(await screen.findByRole('button', { name: 'Edit Samsnug' }));
    expect(screen.getByRole('heading', { name: 'Edit Samsnug' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Current logo' })).getByRole('img', { name: 'Current logo' }),
    ).toBeInTheDocument();
    const name = screen.getByLabelText('Model Name');
    expect(name).toHaveValue('Samsnug');
    await user.clear(name);
    await user.type(name, 'Samsung');
    // No logo chosen: not asked for one, as the brand has its own.
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.path).toBe('/model/update/m1');
    expect(sent[0]!.body.get('model')).toBe('Samsung');
    expect(sent[0]!.body.get('file')).toBeNull();
    // Saved: the form is for a new brand again.
    expect(await screen.findByRole('heading', { name: 'New model' })).toBeInTheDocument();
    expect(screen.getByLabelText('Model Name')).toHaveValue('');
  });

  it('offers no Edit for Accessories, and asks before an Edit replaces what was typed', async () => {
    const { sent, user } = brands();
    await screen.findByRole('button', { name: 'Edit Samsnug' });
    expect(screen.queryByRole('button', { name: 'Edit Accessories' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Model Name'), 'Google');
    await user.click(screen.getByRole('button', { name: 'Edit Samsnug' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Model Name')).toHaveValue('Google');
    await user.click(screen.getByRole('button', { name: 'Edit Samsnug' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Discard changes' }),
    );
    expect(screen.getByLabelText('Model Name')).toHaveValue('Samsnug');
    // Cancel leaves the brand as it was.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'New model' })).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
