import { REPAIR_LIST_PAGE_SIZE, formatGBP, type PhoneRepair } from '@shop/shared';
import { useListParams } from '../api/list-params.ts';
import { useRepairPage } from '../api/queries.ts';
import { Cell } from '../components/DataTable.tsx';
import { EditDeleteActions, PagedList } from '../components/PagedList.tsx';
import { useDeleteRepair } from './repair-mutations.ts';

export default function RepairListPage() {
  const params = useListParams();
  const list = useRepairPage(params.page, params.q);
  const remove = useDeleteRepair();
  return (
    <PagedList<PhoneRepair>
      title="Phone Repair List"
      add={{ to: '/admin/addphonerepair', label: 'Add Repair' }}
      search={{ id: 'repair-search', label: 'Search repairs by product name' }}
      pagesLabel="Repair list pages"
      noun="repairs"
      errorFallback="Something went wrong"
      caption="Repair prices, newest first"
      columns={['ID', 'Product', 'Model', 'Repair', 'Price', 'Action']}
      params={params}
      list={list}
      items={list.data?.fetchPhoneRepair ?? []}
      pageSize={REPAIR_LIST_PAGE_SIZE}
      cells={(r) => (
        <>
          <Cell className="font-medium">{r.productname}</Cell>
          <Cell>{r.model.model}</Cell>
          <Cell>{r.repair.repaircategory}</Cell>
          <Cell className="whitespace-nowrap">{formatGBP(r.price)}</Cell>
          <Cell>
            <EditDeleteActions
              editTo={`/admin/updatephonerepair/${r._id}`}
              name={`${r.productname} ${r.repair.repaircategory}`}
              title="Delete repair price?"
              message={`The ${r.repair.repaircategory} price for “${r.productname}” will be deleted. This cannot be undone.`}
              pending={remove.isPending && remove.variables === r._id}
              onDelete={() => remove.mutate(r._id)}
            />
          </Cell>
        </>
      )}
    />
  );
}
