import { MOBILE_BREAKPOINT } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { CloseIcon, CollapseIcon, MenuIcon } from '../components/icons.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useMediaQuery } from './useMediaQuery.ts';
import { UserMenu } from './UserMenu.tsx';

const COLLAPSED_KEY = 'admin-sidebar-collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The console's frame: the sidebar (collapsible on a wide screen, an off-canvas menu under
 * 768 px that closes on navigation, an outside click or Escape), the top bar and the page.
 */
export function AdminLayout() {
  const desktop = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT}px)`);
  const [collapsedPref, setCollapsedPref] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const shop = useShopInfo();
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const collapsed = desktop && collapsedPref;
  const drawer = !desktop && drawerOpen;

  const setCollapsed = (value: boolean) => {
    setCollapsedPref(value);
    try {
      localStorage.setItem(COLLAPSED_KEY, value ? '1' : '0');
    } catch {
      // Private browsing may refuse storage; the choice then lasts for this visit only.
    }
  };

  useEffect(() => setDrawerOpen(false), [pathname, desktop]);

  // After a navigation, the focus goes to the new page's heading when what held it has gone (a saved form, its Cancel,
  // a deleted record's page) or is going (a link of the drawer, which closes): otherwise a keyboard or screen reader
  // user would start again from the top of the page. A link of the wide screen's sidebar keeps it.
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const first = shown.current === null;
    shown.current = pathname;
    if (first) return;
    const focus = document.activeElement;
    const inDrawer = focus?.closest('#admin-sidebar') && !matchMedia(`(min-width: ${MOBILE_BREAKPOINT}px)`).matches;
    if (focus && focus !== document.body && !inDrawer) return;
    (document.querySelector<HTMLElement>('#admin-main h1') ?? document.getElementById('admin-main'))?.focus();
  }, [pathname]);

  useEffect(() => {
    if (!drawer) return;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setDrawerOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer]);

  return (
    <div className="flex min-h-screen bg-slate-100">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {drawer && (
        <div
          aria-hidden="true"
          data-testid="admin-backdrop"
          className="fixed inset-0 z-30 bg-slate-900/60"
          onClick={() => setDrawerOpen(false)}
        />
      )}
      <aside
        id="admin-sidebar"
        aria-label="Admin sidebar"
        // The drawer is not modal: it closes as focus leaves it, so the focus is never hidden behind it.
        onBlur={(event) => {
          if (drawer && event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) {
            setDrawerOpen(false);
          }
        }}
        // Shown at once (visibility out of the transition), so the Close button can take focus as it opens; hidden
        // only once it has slid away.
        className={`fixed inset-y-0 left-0 z-40 flex w-72 flex-col bg-ink duration-200 md:sticky md:top-0 md:h-screen md:shrink-0 ${
          collapsed ? 'md:w-[4.5rem]' : 'md:w-64'
        } ${
          drawer || desktop
            ? 'visible translate-x-0 transition-[transform,width]'
            : 'invisible -translate-x-full transition-[transform,visibility,width]'
        }`}
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-700 px-4">
          <Link
            to="/admin/dashboard"
            className={`truncate text-base font-bold text-white ${collapsed ? 'sr-only focus:not-sr-only focus:text-xs' : ''}`}
          >
            Admin Console
          </Link>
          {!desktop && (
            <button
              ref={closeButton}
              type="button"
              aria-label="Close menu"
              onClick={() => setDrawerOpen(false)}
              className="rounded-lg p-2 text-slate-200 hover:bg-white/10"
            >
              <CloseIcon />
            </button>
          )}
        </div>
        <Sidebar collapsed={collapsed} onExpand={() => setCollapsed(false)} />
        <div className={`border-t border-slate-700 p-3 ${collapsed ? 'sr-only focus-within:not-sr-only' : ''}`}>
          <Link
            to="/shop/home"
            className="block rounded-lg px-3 py-2 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white"
          >
            View shop
          </Link>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-3 sm:px-6">
          {desktop ? (
            <button
              type="button"
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-controls="admin-sidebar"
              aria-expanded={!collapsed}
              onClick={() => setCollapsed(!collapsed)}
              className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
            >
              <CollapseIcon />
            </button>
          ) : (
            <button
              ref={menuButton}
              type="button"
              aria-label="Open menu"
              aria-controls="admin-sidebar"
              aria-expanded={drawer}
              onClick={() => setDrawerOpen(true)}
              className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
            >
              <MenuIcon />
            </button>
          )}
          <p className="min-w-0 flex-1 truncate text-lg font-bold text-ink">
            {shop.shopname} <span className="font-medium text-slate-600 max-sm:hidden">Admin</span>
          </p>
          <UserMenu />
        </header>
        <main id="admin-main" tabIndex={-1} className="flex-1 p-4 focus:outline-none sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
