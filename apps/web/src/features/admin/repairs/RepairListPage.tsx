import { REPAIR_LIST_PAGE_SIZE, formatGBP } from '@shop/shared';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useListParams } from '../api/list-params.ts';
import { useRepairPage } from '../api/queries.ts';
import { ConfirmButton } from '../components/ConfirmButton.tsx';
import { Cell, DataTable, Row } from '../components/DataTable.tsx';
import { PencilIcon, PlusIcon, TrashIcon } from '../components/icons.tsx';
import { AdminPage, LinkButton, Panel } from '../components/Page.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
import { useDeleteRepair } from './repair-mutations.ts';

export default function RepairListPage() {
  const { page, q, setPage, setQuery } = useListParams();
  const list = useRepairPage(page, q);
  const remove = useDeleteRepair();
  const pages = list.data?.pages ?? 1;
  const repairs = list.data?.fetchPhoneRepair ?? [];
  const offset = ((list.data?.page ?? page) - 1) * (list.data?.limit ?? REPAIR_LIST_PAGE_SIZE);

  useEffect(() => {
    if (list.data && page > 1 && page > pages) setPage(pages);
  }, [list.data, page, pages, setPage]);

  return (
    <AdminPage
      title="Phone Repair List"
      action={
        <LinkButton to="/admin/addphonerepair" variant="primary">
          <PlusIcon />
          Add Repair
        </LinkButton>
      }
    >
      <Panel>
        <div className="mb-4">
          <SearchBox
            id="repair-search"
            label="Search repairs by product name"
            placeholder="Search by product name..."
            value={q}
            onSearch={setQuery}
          />
        </div>
        {list.isPending ? (
          <Spinner label="Loading repairs" />
        ) : list.isError ? (
          <EmptyState tone="error">{errorMessage(list.error, 'Something went wrong')}</EmptyState>
        ) : repairs.length === 0 ? (
          <EmptyState>No data available</EmptyState>
        ) : (
          <DataTable caption="Repair prices, newest first" columns={['ID', 'Product', 'Model', 'Repair', 'Price', 'Action']}>
            {repairs.map((r, i) => (
              <Row key={r._id}>
                <Cell>{offset + i + 1}</Cell>
                <Cell className="font-medium">{r.productname}</Cell>
                <Cell>{r.model.model}</Cell>
                <Cell>{r.repair.repaircategory}</Cell>
                <Cell className="whitespace-nowrap">{formatGBP(r.price)}</Cell>
                <Cell>
                  <div className="flex gap-2">
                    <Link
                      to={`/admin/updatephonerepair/${r._id}`}
                      aria-label={`Edit ${r.productname} ${r.repair.repaircategory}`}
                      className="inline-flex items-center gap-1.5 rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                    >
                      <PencilIcon className="h-4 w-4" />
                      Edit
                    </Link>
                    <ConfirmButton
                      label={`Delete ${r.productname} ${r.repair.repaircategory}`}
                      title="Delete repair price?"
                      message={`The ${r.repair.repaircategory} price for “${r.productname}” will be deleted. This cannot be undone.`}
                      confirmLabel="Delete"
                      disabled={remove.isPending && remove.variables === r._id}
                      onConfirm={() => remove.mutate(r._id)}
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
        <Pagination page={page} pages={pages} onChange={setPage} label="Repair list pages" />
      </Panel>
    </AdminPage>
  );
}
