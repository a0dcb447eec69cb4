import { REPAIR_CSV_COLUMNS, REPAIR_FIXES, REPAIR_LIST_PAGE_SIZE, formatGBP, type PhoneRepair } from '@shop/shared';
import { useRef, useState } from 'react';
import { Button } from '../../../components/Button.tsx';
import { adminKeys } from '../api/keys.ts';
import { useListParams } from '../api/list-params.ts';
import { useRepairPage } from '../api/queries.ts';
import { ExportLink, ImportPanel } from '../components/CsvTools.tsx';
import { Cell } from '../components/DataTable.tsx';
import { LastChange } from '../components/LastChange.tsx';
import { PoundIcon, UploadIcon } from '../components/icons.tsx';
import { EditDeleteActions, PagedList } from '../components/PagedList.tsx';
import { notifyWithUndo } from '../components/action-toast.tsx';
import { BulkPricePanel } from './BulkPricePanel.tsx';
import { REPAIR_PRICES_CHANGED, useDeleteRepair, useUndoPrices } from './repair-mutations.ts';

export default function RepairListPage() {
  const params = useListParams(REPAIR_FIXES);
  const list = useRepairPage(params.page, params.q, params.fix);
  const remove = useDeleteRepair();
  const undo = useUndoPrices();
  const [open, setOpen] = useState<'prices' | 'import' | null>(null);
  const toggle = (panel: 'prices' | 'import') => setOpen((current) => (current === panel ? null : panel));
  const pricesButton = useRef<HTMLButtonElement>(null);
  const importButton = useRef<HTMLButtonElement>(null);
  return (
    <PagedList<PhoneRepair>
      title="Phone Repair List"
      add={{ to: '/admin/addphonerepair', label: 'Add Repair' }}
      actions={
        <>
          <Button
            ref={pricesButton}
            variant="secondary"
            aria-expanded={open === 'prices'}
            onClick={() => toggle('prices')}
            className="gap-2"
          >
            <PoundIcon />
            Change prices
          </Button>
          <ExportLink path="/phonerepair/export.csv" params={{ q: params.q, fix: params.fix }} what="repair prices" />
          <Button
            ref={importButton}
            variant="secondary"
            aria-expanded={open === 'import'}
            onClick={() => toggle('import')}
            className="gap-2"
          >
            <UploadIcon />
            Import CSV
          </Button>
        </>
      }
      above={
        open === 'prices' ? (
          <BulkPricePanel opener={pricesButton} onClose={() => setOpen(null)} onUndo={(change) => undo.mutateAsync(change)} />
        ) : open === 'import' ? (
          <ImportPanel
            path="/phonerepair/import"
            noun="repair prices"
            columns={`${REPAIR_CSV_COLUMNS.map((c) => c.label).join(', ')} (Updated, as exported, keeps an import from overwriting a price changed since)`}
            invalidate={REPAIR_PRICES_CHANGED}
            onImported={(message, change) => notifyWithUndo(message, () => undo.mutate(change))}
            onClose={() => setOpen(null)}
            opener={importButton}
          />
        ) : (
          <LastChange
            path="/phonerepair/bulkprice/last"
            queryKey={adminKeys.lastPriceChange}
            consequence={(change) =>
              change.kind === 'import'
                ? 'The prices it changed go back to what they were before it, and the prices it added are deleted.'
                : 'The prices it changed go back to what they were before it.'
            }
            onUndo={(change) => undo.mutateAsync(change.changeId)}
          />
        )
      }
      search={{ id: 'repair-search', label: 'Search repairs by product name' }}
      fixes={REPAIR_FIXES}
      noneWithFix="No repair price has gone 12 months without a change."
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
