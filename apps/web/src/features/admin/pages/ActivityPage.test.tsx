import { PAGE_MAX } from '@shop/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoute } from '../../../lib/testing.tsx';
import ActivityPage from './ActivityPage.tsx';

function history() {
  const requests: string[] = [];
  mockApi((path) => {
    requests.push(path);
    if (path === '/audit/users') {
      return { body: { success: true, users: [{ _id: 'u1', name: 'Owner', email: 'owner@example.com' }] } };
    }
    if (path.startsWith('/audit/getall'))
      return { body: { success: true, fetchAudit: [], page: 1, limit: 20, total: 0, pages: 0 } };
    return undefined;
  });
  return requests;
}

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
});
