import { useEffect } from 'react';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/Spinner.tsx';
import { DesktopMenu } from '../../components/layout/DesktopMenu.tsx';
import { Footer } from '../../components/layout/Footer.tsx';
import { HeaderBar } from '../../components/layout/HeaderBar.tsx';
import { buildMenu, mobileMenuLinks } from '../../components/layout/menu.ts';
import { MobileMenu } from '../../components/layout/MobileMenu.tsx';
import { SearchBox, SearchDisclosure } from '../../components/layout/SearchBox.tsx';
import { TopBar } from '../../components/layout/TopBar.tsx';
import { useCategories, useModels } from '../../lib/catalogue.ts';
import { isAdmin, useLogout, useSession } from '../../lib/session.ts';
import { useShopInfo } from '../../lib/shop-info.ts';
import { MarkLive } from '../mark-live.tsx';

const accountLink =
  'whitespace-nowrap rounded-md px-2 py-2 xl:px-3 text-[0.95rem] font-semibold text-slate-800 hover:bg-brand-50 hover:text-brand-700';

/** The frame of every shop page: contact strip, top bar with the menus, the page, the footer. */
export function ShopLayout() {
  const { data: user } = useSession();
  const logout = useLogout();
  const models = useModels();
  const categories = useCategories();
  const shop = useShopInfo();
  const { pathname } = useLocation();
  const admin = isAdmin(user);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 shadow-sm">
        <HeaderBar />
        <TopBar>
          {/* The search box: in the top bar where there is room, behind a button beside the desktop menu from 1024 to
              1279 px, and in the mobile menu on phones. */}
          <SearchBox className="hidden max-w-sm min-w-40 flex-1 md:block lg:hidden xl:block xl:max-w-xs" />
          <div className="flex items-center gap-1">
            <DesktopMenu items={buildMenu(models.data, categories.data)} />
            <SearchDisclosure className="hidden lg:block xl:hidden" />
            <nav aria-label="Account" className="hidden items-center gap-1 lg:flex">
              {user ? (
                <button type="button" className={accountLink} onClick={() => logout.mutate()} disabled={logout.isPending}>
                  Logout
                </button>
              ) : (
                <Link to="/auth/login" className={accountLink}>
                  Sign In | Sign Up
                </Link>
              )}
              {admin && (
                <Link
                  to="/admin/dashboard"
                  className={`${accountLink} bg-brand-600 text-white hover:bg-brand-700 hover:text-white`}
                >
                  Admin Dashboard
                </Link>
              )}
            </nav>
            <MobileMenu
              links={mobileMenuLinks({ signedIn: Boolean(user), admin })}
              shopName={shop.shopname}
              onLogout={user ? () => logout.mutate() : undefined}
            />
          </div>
        </TopBar>
      </header>
      {/* At least a screen tall, so the footer starts below the first screen and never jumps as a page's
          code and data arrive; the frame stays while a page's code loads. */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        <Suspense fallback={<Spinner />}>
          <Outlet />
          <MarkLive />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
