import { REDIRECT_AFTER_LOGOUT_MS, type CheckResponse, type Envelope, type SessionUser } from '@shop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notify } from './toast.ts';
import { ApiError, api, errorMessage } from './api.ts';

export const sessionKey = ['session'] as const;

/** The signed-in user, or null when signed out (no session hint, or a 401 from /api/auth/check). */
export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: async ({ signal }): Promise<SessionUser | null> => {
      // Without the server's "signed in" hint there is no session to check: no request, no 401.
      if (!document.cookie.split('; ').includes('signed_in=1')) return null;
      try {
        return (await api<CheckResponse>('/auth/check', { signal })).user;
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
}

export function useSetSession() {
  const client = useQueryClient();
  return (user: SessionUser | null) => client.setQueryData(sessionKey, user);
}

export const isAdmin = (user: SessionUser | null | undefined) => user?.role === 'admin';

/** Signs out: a toast, then the sign-in page after about a second (spec section 4). */
export function useLogout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api<Envelope>('/auth/logout', { method: 'POST' }),
    onSuccess: (res) => {
      notify('success', res.message ?? 'Logged out');
      setTimeout(() => {
        client.setQueryData(sessionKey, null);
        client.removeQueries({ predicate: (q) => q.queryKey[0] === 'admin' });
        navigate('/auth/login', { replace: true });
      }, REDIRECT_AFTER_LOGOUT_MS);
    },
    onError: (err) => notify('error', errorMessage(err, 'Logout failed')),
  });
}
