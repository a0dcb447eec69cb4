import { categorySchema, repairCategorySchema } from '@shop/shared';
import { keys, useCategories, useRepairCategories } from '../../../lib/catalogue.ts';
import { CategoryPage } from './CategoryPage.tsx';

export function AccCategoryPage() {
  const categories = useCategories();
  const query = { ...categories, data: categories.data?.map((c) => ({ _id: c._id, status: c.status, name: c.category })) };
  return (
    <CategoryPage
      title="Add Acc Category"
      field="category"
      fieldLabel="Acc Category"
      columnLabel="Category"
      schema={categorySchema}
      createPath="/category/create"
      deletePath={(id) => `/category/delete/${encodeURIComponent(id)}`}
      invalidate={[keys.categories, keys.products]}
      createFallback="An error occurred"
      query={query}
    />
  );
}

export function RepairCategoryPage() {
  const categories = useRepairCategories();
  const query = { ...categories, data: categories.data?.map((c) => ({ _id: c._id, status: c.status, name: c.repaircategory })) };
  return (
    <CategoryPage
      title="Add Repair Category"
      field="repaircategory"
      fieldLabel="Repair Category"
      columnLabel="Repair Category"
      schema={repairCategorySchema}
      createPath="/repaircategory/create"
      deletePath={(id) => `/repaircategory/delete/${encodeURIComponent(id)}`}
      invalidate={[keys.repairCategories, keys.phoneRepairs]}
      createFallback="Something went wrong"
      query={query}
    />
  );
}
