import { useNavigate, useParams } from 'react-router';
import { useBackToList } from '../api/list-params.ts';
import { useProduct } from '../api/queries.ts';
import { EditRecordPage } from '../components/EditRecordPage.tsx';
import { ProductForm } from './ProductForm.tsx';
import { useUpdateProduct } from './product-mutations.ts';

export default function UpdateProductPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const back = useBackToList('/admin/productlist');
  const update = useUpdateProduct(id);
  return (
    <EditRecordPage
      title="Update Product"
      record={useProduct(id)}
      loading="Loading product"
      notFound="Product not Found"
      errorFallback="Error loading data"
      back={back}
    >
      {(product) => (
        <ProductForm
          key={product._id}
          product={product}
          cancelTo={back}
          onSubmit={async (body) => {
            await update.mutateAsync(body);
            navigate(back);
          }}
        />
      )}
    </EditRecordPage>
  );
}
