import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { Spinner } from '../components/Spinner.tsx';
import { AuthGuard } from './AuthGuard.tsx';
import { ShopLayout } from './layouts/ShopLayout.tsx';
import { Providers } from './providers.tsx';

// Each page is its own chunk; the admin console and the sign-in pages are only downloaded when opened.
const HomePage = lazy(() => import('../features/shop/pages/HomePage.tsx'));
const ProductListPage = lazy(() => import('../features/shop/pages/ProductListPage.tsx'));
const ProductPage = lazy(() => import('../features/shop/pages/ProductPage.tsx'));
const PhoneRepairPage = lazy(() => import('../features/shop/pages/PhoneRepairPage.tsx'));
const PhoneRepairDetailPage = lazy(() => import('../features/shop/pages/PhoneRepairDetailPage.tsx'));
const BlogPage = lazy(() => import('../features/shop/pages/BlogPage.tsx'));
const AuthLayout = lazy(() => import('./layouts/AuthLayout.tsx').then((m) => ({ default: m.AuthLayout })));
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage.tsx'));
const RegisterPage = lazy(() => import('../features/auth/pages/RegisterPage.tsx'));
const AdminApp = lazy(() => import('../features/admin/AdminApp.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));
const UnauthPage = lazy(() => import('./pages/UnauthPage.tsx'));

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <Suspense fallback={<Spinner />}>
          <Routes>
            <Route path="/" element={<Navigate to="/shop/home" replace />} />
            <Route path="/shop" element={<ShopLayout />}>
              <Route index element={<Navigate to="/shop/home" replace />} />
              <Route path="home" element={<HomePage />} />
              <Route path="product" element={<ProductListPage />} />
              <Route path="productpage/:id" element={<ProductPage />} />
              <Route path="phonerepair" element={<PhoneRepairPage />} />
              <Route path="phonerepairdetail/:id" element={<PhoneRepairDetailPage />} />
              <Route path="blog" element={<BlogPage />} />
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
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </Providers>
  );
}
