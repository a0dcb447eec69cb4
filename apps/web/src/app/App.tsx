import { SHOP_PAGES, type ShopPage } from '@shop/shared';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type LazyExoticComponent, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes, StaticRouter } from 'react-router';
import { Spinner } from '../components/Spinner.tsx';
import { AuthGuard } from './AuthGuard.tsx';
import { ShopLayout } from './layouts/ShopLayout.tsx';
import { Providers } from './providers.tsx';
import { RenderHintsContext, type RenderHints } from './render-hints.ts';

// Each page is its own chunk; the admin console and the sign-in pages are only downloaded when opened.
/**
 * The shop's pages (their addresses are declared in the shared package), which the server renders (entry-server.tsx)
 * and the app draws only when it could not.
 */
const PAGES: Record<ShopPage, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('../features/shop/pages/HomePage.tsx')),
  listing: lazy(() => import('../features/shop/pages/ProductListPage.tsx')),
  product: lazy(() => import('../features/shop/pages/ProductPage.tsx')),
  repairBrands: lazy(() => import('../features/shop/pages/PhoneRepairPage.tsx')),
  repairTable: lazy(() => import('../features/shop/pages/PhoneRepairDetailPage.tsx')),
  blog: lazy(() => import('../features/shop/pages/BlogPage.tsx')),
  blogPost: lazy(() => import('../features/shop/pages/BlogPostPage.tsx')),
  contact: lazy(() => import('../features/shop/pages/ContactPage.tsx')),
  privacy: lazy(() => import('../features/shop/pages/PrivacyPage.tsx')),
  repairBrand: lazy(() => import('../features/shop/pages/RepairBrandPage.tsx')),
  repairModel: lazy(() => import('../features/shop/pages/RepairModelPage.tsx')),
  search: lazy(() => import('../features/shop/pages/SearchPage.tsx')),
};
const AuthLayout = lazy(() => import('./layouts/AuthLayout.tsx').then((m) => ({ default: m.AuthLayout })));
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage.tsx'));
const RegisterPage = lazy(() => import('../features/auth/pages/RegisterPage.tsx'));
const AdminApp = lazy(() => import('../features/admin/AdminApp.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));
const UnauthPage = lazy(() => import('./pages/UnauthPage.tsx'));

/** Every route of the app. */
function AppRoutes() {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route path="/" element={<Navigate to="/shop/home" replace />} />
        <Route path="/shop" element={<Navigate to="/shop/home" replace />} />
        <Route element={<ShopLayout />}>
          {(Object.keys(PAGES) as ShopPage[]).map((page) => {
            const Page = PAGES[page];
            return <Route key={page} path={SHOP_PAGES[page]} element={<Page />} />;
          })}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route
          path="/auth"
          element={
            <AuthGuard area="auth">
              <AuthLayout />
            </AuthGuard>
          }
        >
          <Route index element={<Navigate to="/auth/login" replace />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
        </Route>
        <Route
          path="/admin/*"
          element={
            <AuthGuard area="admin">
              <AdminApp />
            </AuthGuard>
          }
        />
        <Route path="/un-authPage" element={<UnauthPage />} />
      </Routes>
    </Suspense>
  );
}

/**
 * The app on its data and render hints: in the browser (BrowserRouter), or on the server at `location`
 * (StaticRouter, apps/web/src/entry-server.tsx), so both render the very same tree.
 */
export function App({ client, hints = {}, location }: { client: QueryClient; hints?: RenderHints; location?: string }) {
  return (
    <Providers client={client}>
      <RenderHintsContext value={hints}>
        {location === undefined ? (
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        ) : (
          <StaticRouter location={location}>
            <AppRoutes />
          </StaticRouter>
        )}
      </RenderHintsContext>
    </Providers>
  );
}
