import { PRODUCT_LIST_PAGE_SIZE, formatGBP, type Product } from '@shop/shared';
import { useListParams } from '../api/list-params.ts';
import { useProductPage } from '../api/queries.ts';
import { Cell } from '../components/DataTable.tsx';
import { EditDeleteActions, PagedList } from '../components/PagedList.tsx';
import { useDeleteProduct } from './product-mutations.ts';

export default function ProductListPage() {
  const params = useListParams();
  const list = useProductPage(params.page, params.q);
  const remove = useDeleteProduct();
  return (
    <PagedList<Product>
      title="Product List"
      add={{ to: '/admin/addproduct', label: 'Add Product' }}
      search={{ id: 'product-search', label: 'Search products by name' }}
      pagesLabel="Product list pages"
      noun="products"
      errorFallback="Error loading data"
      caption="Products, newest first"
      columns={['#', 'Name', 'Price', 'Model', 'Availability', 'Color', 'Action']}
      params={params}
      list={list}
      items={list.data?.fetchProducts ?? []}
      pageSize={PRODUCT_LIST_PAGE_SIZE}
      cells={(p) => (
        <>
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
            <EditDeleteActions
              editTo={`/admin/updateproduct/${p._id}`}
              name={p.productname}
              title="Delete product?"
              message={`“${p.productname}” and its images will be deleted. This cannot be undone.`}
              pending={remove.isPending && remove.variables === p._id}
              onDelete={() => remove.mutate(p._id)}
            />
          </Cell>
        </>
      )}
    />
  );
}
