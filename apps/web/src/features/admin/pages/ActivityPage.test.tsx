import '@testing-library/jest-dom/vitest';
import { PAGE_MAX, type AuditEntry } from '@shop/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import ActivityPage from './ActivityPage.tsx';

function history(entries: AuditEntry[] = []) {
  const requests: string[] = [];
  mockApi((path) => {
    requests.push(path);
    if (path === '/audit/users') {
      return { body: { success: true, users: [{ _id: 'u1', name: 'Owner', email: 'owner@example.com' }] } };
    }
    if (path.startsWith('/audit/getall')) {
      const total = entries.length;
      return { body: { success: true, fetchAudit: entries, page: 1, limit: 20, total, pages: total ? 1 : 0 } };
    }
    return undefined;
  });
  return requests;
}

/** An entry's who and when: the owner, on 1 December. */
const BY_OWNER = {
  _id: 'a1',
  at: '2026-12-01T10:00:00.000Z',
  user: { _id: 'u1', name: 'Owner', email: 'owner@example.com' },
};

describe('ActivityPage', () => {
  it('filters by nothing it does not know (an old or edited address) rather than showing the refusal', async () => {
    const requests = history();
    renderRoute(<ActivityPage />, { path: `/admin/activity?entity=spaceship&from=yesterday&to=2026-02-30&page=${PAGE_MAX * 3}` });
    // Past the last page (here, of an empty history): led to the last. The empty history shows from the first answer,
    // before the page is led there: wait for the second request.
    expect(await screen.findByText('No activity yet.', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(
      () =>
        expect(requests.filter((r) => r.startsWith('/audit/getall'))).toEqual([
          `/audit/getall?page=${PAGE_MAX}&limit=20`,
          '/audit/getall?page=1&limit=20',
        ]),
      { timeout: 5000 },
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/activity?entity=spaceship&from=yesterday&to=2026-02-30');
    expect(screen.getByLabelText('What')).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
  });

  it('shows an account its list does not name as chosen, so that Everyone clears it', async () => {
    const requests = history();
    renderRoute(<ActivityPage />, { path: '/admin/activity?user=gone-admin' });
    await waitFor(() => expect(screen.getByLabelText('Who')).toHaveDisplayValue('Another account'), { timeout: 5000 });
    expect(requests).toContain('/audit/getall?page=1&user=gone-admin&limit=20');
    await userEvent.setup().selectOptions(screen.getByLabelText('Who'), 'Everyone');
    await waitFor(() => expect(requests.at(-1)).toBe('/audit/getall?page=1&limit=20'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/activity$/);
  });

  it("shows an import's file and counts as what it did, and each price it changed as before and after", async () => {
    history([
      {
        ...BY_OWNER,
        action: 'import',
        entity: 'phone_repair',
        entityId: 'c1',
        label: 'prices.csv: 1 new, 1 updated, 0 unchanged',
        before: { 'Apple iPhone 13 Screen': 89 },
        after: { file: 'prices.csv', created: 1, updated: 1, unchanged: 0, 'Apple iPhone 13 Screen': 99, 'Pixel 9 Battery': 49 },
      },
    ]);
    renderRoute(<ActivityPage />, { path: '/admin/activity' });
    const entry = await screen.findByRole('article', { name: /imported repair prices/ }, { timeout: 5000 });
    const row = (field: string) => within(entry).getByText(field, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(row('File')).toHaveTextContent(/^After: prices\.csv$/);
    expect(row('New')).toHaveTextContent(/^After: 1$/);
    expect(row('Apple iPhone 13 Screen')).toHaveTextContent(/^Before: £89→After: £99$/);
    expect(row('Pixel 9 Battery')).toHaveTextContent(/^Before: \(none\)→After: £49$/);
  });

  it("shows a product's pictures before and after as pictures in their order, and one removed since as such", async () => {
    const [a, b] = ['a'.repeat(64), 'b'.repeat(64)].map((key) => `/media/${key}.webp`);
    history([
      {
        ...BY_OWNER,
        action: 'update',
        entity: 'product',
        entityId: 'p1',
        label: 'Galaxy S24',
        before: { pictures: [a!, b!] },
        after: { pictures: [b!] },
      },
    ]);
    renderRoute(<ActivityPage />, { path: '/admin/activity' });
    const entry = await screen.findByRole('article', { name: /updated product Galaxy S24/ }, { timeout: 5000 });
    const row = within(entry).getByText('Pictures', { selector: 'dt' }).nextElementSibling as HTMLElement;
    const before = within(row).getByText('Before:').parentElement!;
    const after = within(row).getByText('After:').parentElement!;
    expect(
      within(before)
        .getAllByRole('img')
        .map((img) => [img.getAttribute('src'), img.getAttribute('alt')]),
    ).toEqual([
      [a, 'Picture 1'],
      [b, 'Picture 2'],
    ]);
    expect(within(after).getByRole('img', { name: 'Picture 1' })).toHaveAttribute('src', b);
    fireEvent.error(within(before).getByRole('img', { name: 'Picture 1' }));
    expect(before).toHaveTextContent('picture 1, since removed');
  });

  it("names a post's status as the blog list does, not as it is stored", async () => {
    history([
      {
        ...BY_OWNER,
        action: 'update',
        entity: 'blog_post',
        entityId: 'p1',
        label: 'Battery care',
        before: { status: 'draft' },
        after: { status: 'published' },
      },
    ]);
    renderRoute(<ActivityPage />, { path: '/admin/activity' });
    const entry = await screen.findByRole('article', { name: /Battery care/ }, { timeout: 5000 });
    const status = within(entry).getByText('Status', { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(status).toHaveTextContent(/^Before: Draft→After: Published$/);
  });
});
