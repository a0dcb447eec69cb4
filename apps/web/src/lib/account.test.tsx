import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '../features/auth/pages/LoginPage.tsx';
import { useLogout } from './account.ts';
import { replacePage } from './pages.ts';
import { mockApi } from './testing.tsx';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('./pages.ts', () => ({ openPage: vi.fn(), replacePage: vi.fn() }));

function LogoutButton() {
  const { logout, busy } = useLogout();
  return (
    <button type="button" onClick={logout} disabled={busy}>
      Logout
    </button>
  );
}

/** The sign-in page as the document loaded after signing out shows it. */
function renderLoginPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/auth/login']}>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  mockApi((path) => (path === '/auth/logout' ? { body: { success: true, message: 'Logged out successfully' } } : undefined));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.mocked(toast.success).mockClear();
  vi.mocked(replacePage).mockClear();
  sessionStorage.clear();
});

describe('signing out (spec section 4)', () => {
  it('shows the toast, loads the sign-in page after 1 s, and that page shows the toast for the rest of its 5 s', async () => {
    render(<LogoutButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Logged out successfully', undefined));
    expect(replacePage).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1000);
    expect(replacePage).toHaveBeenCalledWith('/auth/login');

    // The sign-in page is a new document: the old page and its toast are gone.
    cleanup();
    vi.mocked(toast.success).mockClear();
    await vi.advanceTimersByTimeAsync(300);
    renderLoginPage();
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    const [message, options] = vi.mocked(toast.success).mock.calls[0]!;
    expect(message).toBe('Logged out successfully');
    // 5 s less the 1.3 s gone (and the few ms the wait for the first toast moved the clock on).
    expect((options as { autoClose: number }).autoClose).toBeGreaterThan(3500);
    expect((options as { autoClose: number }).autoClose).toBeLessThanOrEqual(3700);

    // Only once: loading the sign-in page again shows no toast.
    cleanup();
    renderLoginPage();
    await vi.advanceTimersByTimeAsync(50);
    expect(toast.success).toHaveBeenCalledTimes(1);
  });

  it('shows no toast on the sign-in page once its 5 s are over', async () => {
    render(<LogoutButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalled());
    await vi.advanceTimersByTimeAsync(1000);
    expect(replacePage).toHaveBeenCalledWith('/auth/login');
    cleanup();
    vi.mocked(toast.success).mockClear();
    await vi.advanceTimersByTimeAsync(5000);
    renderLoginPage();
    await vi.advanceTimersByTimeAsync(50);
    expect(toast.success).not.toHaveBeenCalled();
  });
});
