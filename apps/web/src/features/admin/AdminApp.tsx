import { ADMIN_PAGES, type AdminPage } from '@shop/shared';
import type { ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AdminLayout } from './layout/AdminLayout.tsx';
import AddBlogPage from './blog/AddBlogPage.tsx';
import BlogListPage from './blog/BlogListPage.tsx';
import UpdateBlogPage from './blog/UpdateBlogPage.tsx';
import ActivityPage from './pages/ActivityPage.tsx';
import AdminNotFoundPage from './pages/AdminNotFoundPage.tsx';
import DashboardPage from './pages/DashboardPage.tsx';
import EnquiriesPage from './enquiries/EnquiriesPage.tsx';
import EnquiryPage from './enquiries/EnquiryPage.tsx';
import AddProductPage from './products/AddProductPage.tsx';
import ProductListPage from './products/ProductListPage.tsx';
import UpdateProductPage from './products/UpdateProductPage.tsx';
import AddRepairPage from './repairs/AddRepairPage.tsx';
import RepairListPage from './repairs/RepairListPage.tsx';
import UpdateRepairPage from './repairs/UpdateRepairPage.tsx';
import AppDetailPage from './settings/AppDetailPage.tsx';
import { AccCategoryPage, RepairCategoryPage } from './settings/CategoryPages.tsx';
import ModelsPage from './settings/ModelsPage.tsx';
import UsersPage from './settings/UsersPage.tsx';

/** Each page of the console, at its address (ADMIN_PAGES, which the server also knows). */
const PAGES: Record<AdminPage, ReactElement> = {
  dashboard: <DashboardPage />,
  enquiries: <EnquiriesPage />,
  enquiry: <EnquiryPage />,
  appDetail: <AppDetailPage />,
  addProduct: <AddProductPage />,
  products: <ProductListPage />,
  updateProduct: <UpdateProductPage />,
  addRepair: <AddRepairPage />,
  repairs: <RepairListPage />,
  updateRepair: <UpdateRepairPage />,
  addPost: <AddBlogPage />,
  posts: <BlogListPage />,
  updatePost: <UpdateBlogPage />,
  users: <UsersPage />,
  models: <ModelsPage />,
  repairCategories: <RepairCategoryPage />,
  accessoryCategories: <AccCategoryPage />,
  activity: <ActivityPage />,
};

/** The admin console: one chunk, downloaded only when an /admin route is opened (react-select comes with it). */
export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<Navigate to="dashboard" replace />} />
        {(Object.keys(PAGES) as AdminPage[]).map((page) => (
          <Route key={page} path={ADMIN_PAGES[page].replace(/^\/admin\//, '')} element={PAGES[page]} />
        ))}
        <Route path="*" element={<AdminNotFoundPage />} />
      </Route>
    </Routes>
  );
}
