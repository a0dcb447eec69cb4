import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isAdmin } from '../lib/account.ts';
import { landingFor, useSession } from '../lib/session.ts';

/**
 * The route guard of spec section 4: signed-in visitors leave the sign-in pages by role;
 * /admin needs an admin (anonymous visitors sign in first and come back, customers see /un-authPage).
 */
export function AuthGuard({ area, children }: { area: 'auth' | 'admin'; children: ReactNode }) {
  const { data: user, isPending, isError } = useSession();
  const location = useLocation();

  if (isPending) {
    return (
      <p role="status" className="py-20 text-center text-lg text-slate-700">
        Checking authentication...
      </p>
    );
  }
  const signedIn = !isError && user;
  if (area === 'auth') {
    // Also how a sign-in ends: storing the session brings the visitor here, and back to where they were going.
    if (signedIn) return <Navigate to={landingFor(user, (location.state as { from?: string } | null)?.from)} replace />;
    return children;
  }
  if (!signedIn) return <Navigate to="/auth/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (!isAdmin(user)) return <Navigate to="/un-authPage" replace />;
  return children;
}
