import { isAdmin, useAccount, useLogout } from '../../lib/account.ts';
import { useShopInfo } from '../../lib/shop-info.ts';
import { DesktopMenu } from './DesktopMenu.tsx';
import { mobileMenuLinks, type MenuItem } from './menu.ts';
import { MobileMenu } from './MobileMenu.tsx';
import { SearchBox, SearchDisclosure } from './SearchBox.tsx';

const accountLink =
  'whitespace-nowrap rounded-md px-2 py-2 xl:px-3 text-[0.95rem] font-semibold text-slate-800 hover:bg-brand-50 hover:text-brand-700';

/**
 * What the visitor uses in the top bar of every shop page: the search, the menus and the account links (a signed-in
 * visitor's once the browser has checked their session). One island on a server-rendered page (islands.tsx); the
 * contact strip and the shop's name around it are the server's HTML.
 */
export function HeaderControls({ menu }: { menu: MenuItem[] }) {
  const user = useAccount();
  const { logout, busy } = useLogout();
  const shop = useShopInfo();
  const admin = isAdmin(user);
  return (
    <>
      {/* The search box: in the top bar where there is room, behind a button beside the desktop menu from 1024 to
          1279 px, and in the mobile menu on phones. */}
      <SearchBox id="header-search" className="hidden max-w-sm min-w-40 flex-1 md:block lg:hidden xl:block xl:max-w-xs" />
      <div className="flex items-center gap-1">
        <DesktopMenu items={menu} />
        <SearchDisclosure id="header-search-disclosed" className="hidden lg:block xl:hidden" />
        <nav aria-label="Account" className="hidden items-center gap-1 lg:flex">
          {user ? (
            <button type="button" className={accountLink} onClick={logout} disabled={busy}>
              Logout
            </button>
          ) : (
            <a href="/auth/login" className={accountLink}>
              Sign In | Sign Up
            </a>
          )}
          {admin && (
            <a href="/admin/dashboard" className={`${accountLink} bg-brand-600 text-white hover:bg-brand-700 hover:text-white`}>
              Admin Dashboard
            </a>
          )}
        </nav>
        <MobileMenu
          links={mobileMenuLinks({ signedIn: Boolean(user), admin })}
          shopName={shop.shopname}
          onLogout={user ? logout : undefined}
        />
      </div>
    </>
  );
}
