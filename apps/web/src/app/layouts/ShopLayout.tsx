import { Link, Outlet } from 'react-router';
import { Footer } from '../../components/layout/Footer.tsx';
import { TopBar } from '../../components/layout/TopBar.tsx';
import { isAdmin, useLogout, useSession } from '../../lib/session.ts';

export function ShopLayout() {
  const { data: user } = useSession();
  const logout = useLogout();
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar>
        <nav aria-label="Account" className="flex items-center gap-4 text-sm font-medium">
          {user ? (
            <button type="button" className="rounded text-slate-800 hover:text-brand-700" onClick={() => logout.mutate()} disabled={logout.isPending}>
              Logout
            </button>
          ) : (
            <Link to="/auth/login" className="rounded text-slate-800 hover:text-brand-700">
              Sign In | Sign Up
            </Link>
          )}
          {isAdmin(user) && (
            <Link to="/admin/dashboard" className="rounded text-slate-800 hover:text-brand-700">
              Admin Dashboard
            </Link>
          )}
        </nav>
      </TopBar>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
