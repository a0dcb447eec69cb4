import { MIN_IMAGES, PRODUCT_CSV_COLUMNS, PRODUCT_FIXES, PRODUCT_LIST_PAGE_SIZE, formatGBP, type Product } from '@shop/shared';
import { useRef, useState } from 'react';
import { Button } from '../../../components/Button.tsx';
import { adminKeys } from '../api/keys.ts';
import { useListParams } from '../api/list-params.ts';
import { useProductPage } from '../api/queries.ts';
import { notifyWithUndo } from '../components/action-toast.tsx';
import { ExportLink, ImportPanel } from '../components/CsvTools.tsx';
import { LastChange } from '../components/LastChange.tsx';
import { Cell } from '../components/DataTable.tsx';
import { UploadIcon } from '../components/icons.tsx';
import { EditDeleteActions, PagedList } from '../components/PagedList.tsx';
import { PRODUCTS_CHANGED, useDeleteProduct, useUndoProductImport } from './product-mutations.ts';

/** What a product still lacks: fewer than 2 pictures (an imported one has none) or a description. */
function Missing({ product }: { product: Product }) {
  const missing = [
    ...(product.images.length < MIN_IMAGES ? ['Needs pictures'] : []),
    ...(product.description === '' ? ['No description'] : []),
  ];
  return missing.map((text) => (
    <span
      key={text}
      className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900"
    >
      {text}
    </span>
  ));
}

export default function ProductListPage() {
  const params = useListParams(PRODUCT_FIXES);
  const list = useProductPage(params.page, params.q, params.fix);
  const remove = useDeleteProduct();
  const undo = useUndoProductImport();
  const [importing, setImporting] = useState(false);
  const importButton = useRef<HTMLButtonElement>(null);
  return (
    <PagedList<Product>
      title="Product List"
      add={{ to: '/admin/addproduct', label: 'Add Product' }}
      actions={
        <>
          <ExportLink path="/product/export.csv" params={{ q: params.q, fix: params.fix }} what="products" />
          <Button
            ref={importButton}
            variant="secondary"
            aria-expanded={importing}
            onClick={() => setImporting((v) => !v)}
            className="gap-2"
          >
            <UploadIcon />
            Import CSV
          </Button>
        </>
      }
      above={
        importing ? (
          <ImportPanel
            path="/product/import"
            noun="products"
            columns={`${PRODUCT_CSV_COLUMNS.map((c) => c.label).join(', ')} (without pictures: add them to each product afterwards; Updated, as exported, keeps an import from overwriting a product changed since)`}
            invalidate={PRODUCTS_CHANGED}
            onImported={(message, change) => notifyWithUndo(message, () => undo.mutate(change))}
            onClose={() => setImporting(false)}
            opener={importButton}
          />
        ) : (
          <LastChange
            path="/product/import/last"
            queryKey={adminKeys.lastProductImport}
            consequence={() => 'The products it updated get back what it changed, and any it added are deleted.'}
            onUndo={(change) => undo.mutateAsync(change.changeId)}
          />
        )
      }
      search={{ id: 'product-search', label: 'Search products by name' }}
      fixes={PRODUCT_FIXES}
      noneWithFix="No product has this problem."
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
          <Cell className="font-medium">
            {p.productname}
            <Missing product={p} />
          </Cell>
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
