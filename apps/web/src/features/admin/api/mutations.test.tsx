import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { mockApi } from '../../../lib/testing.tsx';
import { useAdminMutation } from './mutations.ts';

vi.mock('../../../lib/toast.ts', () => ({ notify: vi.fn() }));

function UserList() {
  const users = useQuery({ queryKey: ['users'], queryFn: () => api<{ users: string[] }>('/users') });
  const remove = useAdminMutation({
    mutationFn: () => api('/user/delete/u2', { method: 'DELETE' }),
    invalidate: [['users']],
  });
  return (
    <>
      <p>{users.data?.users.join(', ')}</p>
      <button type="button" onClick={() => remove.mutate(undefined)}>
        Delete
      </button>
    </>
  );
}

describe('useAdminMutation', () => {
  it('refetches the lists when the record is already gone (404), so they stop showing it', async () => {
    let listed = ['Ann', 'Bob'];
    mockApi((path) => {
      if (path === '/users') return { body: { success: true, users: listed } };
      listed = ['Ann'];
      return { status: 404, body: { success: false, message: 'User not found' } };
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <UserList />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Ann, Bob')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText('Ann')).toBeInTheDocument());
  });
});
