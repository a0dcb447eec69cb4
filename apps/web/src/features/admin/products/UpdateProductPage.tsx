import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useProduct } from '../api/queries.ts';
import { useBackToList } from '../api/list-params.ts';
import { AdminPage, LinkButton, Panel } from '../components/Page.tsx';
import { ProductForm } from './ProductForm.tsx';
import { useUpdateProduct } from './product-mutations.ts';

export default function UpdateProductPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const back = useBackToList('/admin/productlist');
  const product = useProduct(id);
  const update = useUpdateProduct(id);
  const missing = product.isError && product.error instanceof ApiError && product.error.status === 404;

  // Once loaded, the form stays, with what was typed in it, through a failed re-read (as the network comes back).
  return (
    <AdminPage title="Update Product">
      {product.isPending ? (
        <Spinner label="Loading product" />
      ) : product.data ? (
        <Panel>
          <ProductForm
            key={product.data._id}
            product={product.data}
            onSubmit={async (body) => {
              await update.mutateAsync(body);
              navigate(back);
            }}
          />
        </Panel>
      ) : missing ? (
        <Panel>
          <p className="text-lg font-semibold text-ink">Product not Found</p>
          <div className="mt-4">
            <LinkButton to={back}>Back</LinkButton>
          </div>
        </Panel>
      ) : (
        <EmptyState tone="error">{errorMessage(product.error, 'Error loading data')}</EmptyState>
      )}
    </AdminPage>
  );
}
