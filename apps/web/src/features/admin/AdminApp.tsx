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

/** The admin console: one chunk, downloaded only when an /admin route is opened (react-select comes with it). */
export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="enquiries" element={<EnquiriesPage />} />
        <Route path="enquiries/:id" element={<EnquiryPage />} />
        <Route path="appdetail" element={<AppDetailPage />} />
        <Route path="addproduct" element={<AddProductPage />} />
        <Route path="productlist" element={<ProductListPage />} />
        <Route path="updateproduct/:id" element={<UpdateProductPage />} />
        <Route path="addphonerepair" element={<AddRepairPage />} />
        <Route path="phonerepairlist" element={<RepairListPage />} />
        <Route path="updatephonerepair/:id" element={<UpdateRepairPage />} />
        <Route path="addblog" element={<AddBlogPage />} />
        <Route path="bloglist" element={<BlogListPage />} />
        <Route path="updateblog/:id" element={<UpdateBlogPage />} />
        <Route path="userdetail" element={<UsersPage />} />
        <Route path="addmodel" element={<ModelsPage />} />
        <Route path="repaircategory" element={<RepairCategoryPage />} />
        <Route path="acccategory" element={<AccCategoryPage />} />
        <Route path="activity" element={<ActivityPage />} />
        <Route path="*" element={<AdminNotFoundPage />} />
      </Route>
    </Routes>
  );
}
