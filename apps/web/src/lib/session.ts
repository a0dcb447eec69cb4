import { REDIRECT_AFTER_LOGOUT_MS, type CheckResponse, type Envelope, type SessionUser } from '@shop/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notify } from './toast.ts';
import { ApiError, api, errorMessage } from './api.ts';

export const sessionKey = ['session'] as const;

/** Whether the server's "signed in" hint cookie is set (never on the server, which renders pages signed out). */
const hasSessionHint = () => typeof document !== 'undefined' && document.cookie.split('; ').includes('signed_in=1');

/** The signed-in user, or null when signed out (no session hint, or a 401 from /api/auth/check). */
export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    // Without the hint there is no session to check: no request, no 401, and known at once, so a page the
    // server rendered is not updated while the browser takes it over.
    initialData: () => (typeof document === 'undefined' || hasSessionHint() ? undefined : null),
    queryFn: async ({ signal }): Promise<SessionUser | null> => {
      if (!hasSessionHint()) return null;
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

/**
 * Where a signed-in visitor goes from the sign-in pages (spec section 4): an admin back to the admin page they were
 * sent from, else the dashboard; anyone else to the home page.
 */
export function landingFor(user: SessionUser, from: string | undefined): string {
  if (!isAdmin(user)) return '/shop/home';
  return from?.startsWith('/admin') ? from : '/admin/dashboard';
}

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
