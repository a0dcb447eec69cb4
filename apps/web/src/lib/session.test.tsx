import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from './testing.tsx';
import { useSession } from './session.ts';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MemoryRouter>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MemoryRouter>
  );
}

afterEach(() => {
  document.cookie = 'signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('useSession', () => {
  it('asks nothing of the server without the signed-in hint, so anonymous visitors cause no 401', async () => {
    const fetchMock = mockApi(() => ({ body: { success: true, user: { _id: 'u1', name: 'Sam', email: 's@example.com', role: 'user' } } }));
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the session when the hint is there, and treats a 401 as signed out', async () => {
    document.cookie = 'signed_in=1; path=/';
    const user = { _id: 'u1', name: 'Sam', email: 's@example.com', role: 'admin' };
    mockApi((path) => (path === '/auth/check' ? { body: { success: true, user } } : undefined));
    const signedIn = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(signedIn.result.current.data).toEqual(user));

    mockApi(() => ({ status: 401, body: { success: false, message: 'Not signed in' } }));
    const ended = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(ended.result.current.isSuccess).toBe(true));
    expect(ended.result.current.data).toBeNull();
  });
});
