import type { SessionUser } from '@shop/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { checkSession, hasSessionHint, isAdmin } from './account.ts';

export const sessionKey = ['session'] as const;

/** The signed-in user, or null when signed out (no session hint, or a 401 from /api/auth/check). */
export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    // Without the hint there is no session to check: no request, no 401, and known at once, so a page the
    // server rendered is not updated while the browser takes it over.
    initialData: () => (typeof document === 'undefined' || hasSessionHint() ? undefined : null),
    queryFn: ({ signal }) => checkSession(signal),
    staleTime: 60_000,
    retry: false,
  });
}

export function useSetSession() {
  const client = useQueryClient();
  return (user: SessionUser | null) => client.setQueryData(sessionKey, user);
}

/**
 * Where a signed-in visitor goes from the sign-in pages (spec section 4): an admin back to the admin page they were
 * sent from, else the dashboard; anyone else to the home page.
 */
export function landingFor(user: SessionUser, from: string | undefined): string {
  if (!isAdmin(user)) return '/shop/home';
  return from?.startsWith('/admin') ? from : '/admin/dashboard';
}
