import { ENQUIRY_FIXES, ENQUIRY_KINDS, ENQUIRY_STATUSES, ukInstantText, type EnquiryFix } from '@shop/shared';
import { useCallback } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { pageParam, useLastPage, type FromList } from '../api/list-params.ts';
import { useEnquiryPage } from '../api/queries.ts';
import { Cell, DataTable, Row } from '../components/DataTable.tsx';
import { FixNotice } from '../components/FixNotice.tsx';
import { AdminPage, Panel } from '../components/Page.tsx';
import { KIND_LABELS, STATUS_LABELS, StatusBadge, preferredText } from './labels.tsx';

const selectClass = 'min-h-[42px] rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-ink';

/**
 * The inbox's page, status, kind and dashboard problem (`fix`), kept in the address so Back, reloads and the
 * dashboard's links keep them.
 */
function useInboxParams() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const status = (ENQUIRY_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? params.get('status')! : '';
  const kind = (ENQUIRY_KINDS as readonly string[]).includes(params.get('kind') ?? '') ? params.get('kind')! : '';
  const fix = params.get('fix') ?? '';
  const fixTitle = fix in ENQUIRY_FIXES ? ENQUIRY_FIXES[fix as EnquiryFix] : undefined;
  const set = useCallback(
    (name: 'page' | 'status' | 'kind' | 'fix', value: string) =>
      setParams((p) => {
        const out = new URLSearchParams(p);
        if (name !== 'page') out.delete('page');
        // The dashboard's problem is a status of its own: choosing another status leaves it.
        if (name === 'status') out.delete('fix');
        if (value && !(name === 'page' && value === '1')) out.set(name, value);
        else out.delete(name);
        return out;
      }),
    [setParams],
  );
  return { page, status, kind, fix: fixTitle ? fix : '', fixTitle, set };
}

/** Enquiries and repair bookings, newest first, a page at a time, by status and kind. */
export default function EnquiriesPage() {
  const { page, status, kind, fix, fixTitle, set } = useInboxParams();
  const list = useEnquiryPage(page, fix ? '' : status, kind, fix);
  const items = list.data?.fetchEnquiry ?? [];
  const pages = list.data?.pages ?? 1;
  const setPage = useCallback((n: number) => set('page', String(n)), [set]);
  // An opened enquiry's way back leads to the inbox as it was: filters and page.
  const from: FromList = { list: useLocation().search };

  useLastPage(list, page);

  return (
    <AdminPage title="Enquiries">
      <Panel>
        {fixTitle && <FixNotice title={fixTitle} onClear={() => set('fix', '')} />}
        <div className="mb-4 flex flex-wrap gap-4">
          <div className="flex flex-col gap-1">
            <label htmlFor="enquiry-status" className="text-sm font-medium text-slate-800">
              Status
            </label>
            <select id="enquiry-status" className={selectClass} value={fix ? 'new' : status} onChange={(e) => set('status', e.target.value)}>
              <option value="">All statuses</option>
              {ENQUIRY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="enquiry-kind" className="text-sm font-medium text-slate-800">
              Kind
            </label>
            <select id="enquiry-kind" className={selectClass} value={kind} onChange={(e) => set('kind', e.target.value)}>
              <option value="">Enquiries and bookings</option>
              {ENQUIRY_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </div>
          {list.data?.total !== undefined && (
            <p className="self-end pb-2 text-sm text-slate-700" aria-live="polite">
              {list.data.total} {list.data.total === 1 ? 'message' : 'messages'}
            </p>
          )}
        </div>
        {list.isPending ? (
          <Spinner label="Loading enquiries" />
        ) : list.isError ? (
          <EmptyState tone="error">{errorMessage(list.error, 'Error loading data')}</EmptyState>
        ) : items.length === 0 ? (
          <EmptyState>{status || kind || fix ? 'No enquiries match these filters.' : 'No enquiries yet.'}</EmptyState>
        ) : (
          <DataTable
            caption="Enquiries, newest first"
            columns={['Received', 'Kind', 'Name', 'About', 'Status', 'Action']}
            busy={list.isPlaceholderData}
          >
            {items.map((e) => (
              <Row key={e._id}>
                <Cell className={`md:whitespace-nowrap ${e.status === 'new' ? 'font-semibold' : ''}`}>
                  {ukInstantText(Date.parse(e.createdAt))}
                </Cell>
                <Cell>
                  {KIND_LABELS[e.kind]}
                  {e.kind === 'booking' && preferredText(e) && (
                    <span className="block text-xs text-slate-600">{preferredText(e)}</span>
                  )}
                </Cell>
                {/* The name a visitor typed: a long word breaks, rather than pushing the row's buttons out of sight. */}
                <Cell className={`md:wrap-anywhere md:min-w-32 ${e.status === 'new' ? 'font-semibold' : ''}`}>{e.name}</Cell>
                <Cell>{e.subject || <span className="text-slate-600">General</span>}</Cell>
                <Cell>
                  <StatusBadge status={e.status} />
                </Cell>
                <Cell>
                  <Link
                    to={`/admin/enquiries/${encodeURIComponent(e._id)}`}
                    state={from}
                    aria-label={`Open the ${KIND_LABELS[e.kind].toLowerCase()} from ${e.name}`}
                    className="inline-flex items-center rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                  >
                    Open
                  </Link>
                </Cell>
              </Row>
            ))}
          </DataTable>
        )}
        <Pagination page={list.data?.page ?? page} pages={pages} onChange={setPage} label="Enquiry list pages" />
      </Panel>
    </AdminPage>
  );
}
