import { AdminPage, LinkButton, Panel } from '../components/Page.tsx';
import { ProductForm } from './ProductForm.tsx';
import { useCreateProduct } from './product-mutations.ts';

export default function AddProductPage() {
  const create = useCreateProduct();
  return (
    <AdminPage title="Add Product" action={<LinkButton to="/admin/productlist">Product List</LinkButton>}>
      <Panel>
        <ProductForm onSubmit={(body) => create.mutateAsync(body)} />
      </Panel>
    </AdminPage>
  );
}
