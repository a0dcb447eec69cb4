import { useEffect } from 'react';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/Spinner.tsx';
import { Footer } from '../../components/layout/Footer.tsx';
import { HeaderBar } from '../../components/layout/HeaderBar.tsx';
import { buildMenu } from '../../components/layout/menu.ts';
import { TopBar } from '../../components/layout/TopBar.tsx';
import { useCategories, useModels } from '../../lib/catalogue.ts';
import { Island } from '../island.tsx';

/** The frame of every shop page: contact strip, top bar with the menus, the page, the footer. */
export function ShopLayout() {
  const models = useModels();
  const categories = useCategories();
  const { pathname } = useLocation();

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
          <Island part="header" menu={buildMenu(models.data, categories.data)} />
        </TopBar>
      </header>
      {/* At least a screen tall, so the footer starts below the first screen and never jumps as a page's
          code and data arrive; the frame stays while a page's code loads. */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
