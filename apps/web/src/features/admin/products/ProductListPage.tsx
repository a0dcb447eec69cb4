import { PRODUCT_LIST_PAGE_SIZE, formatGBP } from '@shop/shared';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useListParams } from '../api/list-params.ts';
import { useProductPage } from '../api/queries.ts';
import { ConfirmButton } from '../components/ConfirmButton.tsx';
import { Cell, DataTable, Row } from '../components/DataTable.tsx';
import { PencilIcon, PlusIcon, TrashIcon } from '../components/icons.tsx';
import { AdminPage, LinkButton, Panel } from '../components/Page.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
import { useDeleteProduct } from './product-mutations.ts';

export default function ProductListPage() {
  const { page, q, setPage, setQuery } = useListParams();
  const list = useProductPage(page, q);
  const remove = useDeleteProduct();
  const pages = list.data?.pages ?? 1;
  const products = list.data?.fetchProducts ?? [];
  const offset = ((list.data?.page ?? page) - 1) * (list.data?.limit ?? PRODUCT_LIST_PAGE_SIZE);

  useEffect(() => {
    if (list.data && page > 1 && page > pages) setPage(pages);
  }, [list.data, page, pages, setPage]);

  return (
    <AdminPage
      title="Product List"
      action={
        <LinkButton to="/admin/addproduct" variant="primary">
          <PlusIcon />
          Add Product
        </LinkButton>
      }
    >
      <Panel>
        <div className="mb-4">
          <SearchBox
            id="product-search"
            label="Search products by name"
            placeholder="Search by product name..."
            value={q}
            onSearch={setQuery}
          />
        </div>
        {list.isPending ? (
          <Spinner label="Loading products" />
        ) : list.isError ? (
          <EmptyState tone="error">{errorMessage(list.error, 'Error loading data')}</EmptyState>
        ) : products.length === 0 ? (
          <EmptyState>No data available</EmptyState>
        ) : (
          <DataTable
            caption="Products, newest first"
            columns={['#', 'Name', 'Price', 'Model', 'Availability', 'Color', 'Action']}
          >
            {products.map((p, i) => (
              <Row key={p._id}>
                <Cell>{offset + i + 1}</Cell>
                <Cell className="font-medium">{p.productname}</Cell>
                <Cell className="whitespace-nowrap">{formatGBP(p.price)}</Cell>
                <Cell>{p.model.model}</Cell>
                <Cell>
                  <span
                    className={`rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ${p.availability === 'In Stock' ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'}`}
                  >
                    {p.availability}
                  </span>
                </Cell>
                <Cell>{p.color}</Cell>
                <Cell>
                  <div className="flex gap-2">
                    <Link
                      to={`/admin/updateproduct/${p._id}`}
                      aria-label={`Edit ${p.productname}`}
                      className="inline-flex items-center gap-1.5 rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                    >
                      <PencilIcon className="h-4 w-4" />
                      Edit
                    </Link>
                    <ConfirmButton
                      label={`Delete ${p.productname}`}
                      title="Delete product?"
                      message={`“${p.productname}” and its images will be deleted. This cannot be undone.`}
                      confirmLabel="Delete"
                      disabled={remove.isPending && remove.variables === p._id}
                      onConfirm={() => remove.mutate(p._id)}
                    >
                      <TrashIcon className="h-4 w-4" />
                      Delete
                    </ConfirmButton>
                  </div>
                </Cell>
              </Row>
            ))}
          </DataTable>
        )}
        <Pagination page={page} pages={pages} onChange={setPage} label="Product list pages" />
      </Panel>
    </AdminPage>
  );
}
