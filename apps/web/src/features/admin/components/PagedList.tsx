import type { PageInfo } from '@shop/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useLastPage, type FromList, type useListParams } from '../api/list-params.ts';
import { ConfirmButton } from './ConfirmButton.tsx';
import { Cell, DataTable, Row } from './DataTable.tsx';
import { PencilIcon, PlusIcon, TrashIcon } from './icons.tsx';
import { FixNotice } from './FixNotice.tsx';
import { AdminPage, LinkButton, Panel } from './Page.tsx';
import { SearchBox } from './SearchBox.tsx';

interface Props<T extends { _id: string }> {
  title: string;
  add: { to: string; label: string };
  /** The search field; its placeholder names what it searches ('Search by product name...' unless told). */
  search: { id: string; label: string; placeholder?: string };
  /** More ways to narrow the list, beside the search (the blog's status filter). */
  filters?: ReactNode;
  /** More buttons beside the Add button (Export, Import, Change prices). */
  actions?: ReactNode;
  /** Panels shown above the list (an import, a bulk change). */
  above?: ReactNode;
  /** The problem of the dashboard's things to fix that the list is filtered to (its `fix`), by its words. */
  fixes?: Record<string, string>;
  /** What an empty list says when filtered to a problem. */
  noneWithFix?: string;
  /** Plural noun for the spinner, e.g. 'products'. */
  noun: string;
  /** The pagination's accessible name, e.g. 'Product list pages'. */
  pagesLabel: string;
  errorFallback: string;
  caption: string;
  columns: string[];
  params: ReturnType<typeof useListParams>;
  list: UseQueryResult<Partial<PageInfo>>;
  items: T[];
  pageSize: number;
  /** The cells of one row after its running number. */
  cells: (item: T) => ReactNode;
}

/**
 * A searchable admin list, newest first, one server page at a time: its states ('No data available', the
 * spinner, the error), the table with a running number, and Prev / pages / Next when there is more than one page.
 */
export function PagedList<T extends { _id: string }>(props: Props<T>) {
  const { page, q, fix, setPage, setQuery, clearFix } = props.params;
  const fixTitle = fix ? props.fixes?.[fix] : undefined;
  const { list, items } = props;
  const pages = list.data?.pages ?? 1;
  const offset = ((list.data?.page ?? page) - 1) * (list.data?.limit ?? props.pageSize);

  useLastPage(list, page);

  return (
    <AdminPage
      title={props.title}
      action={
        <div className="flex flex-wrap gap-2">
          {props.actions}
          <LinkButton to={props.add.to} variant="primary">
            <PlusIcon />
            {props.add.label}
          </LinkButton>
        </div>
      }
    >
      {props.above}
      <Panel>
        {fixTitle && <FixNotice title={fixTitle} onClear={clearFix} />}
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <SearchBox
            id={props.search.id}
            label={props.search.label}
            placeholder={props.search.placeholder ?? 'Search by product name...'}
            value={q}
            onSearch={setQuery}
          />
          {props.filters}
        </div>
        {list.isPending ? (
          <Spinner label={`Loading ${props.noun}`} />
        ) : list.isError ? (
          <EmptyState tone="error">{errorMessage(list.error, props.errorFallback)}</EmptyState>
        ) : items.length === 0 ? (
          <EmptyState>{fixTitle ? (props.noneWithFix ?? 'Nothing to fix here') : 'No data available'}</EmptyState>
        ) : (
          <DataTable caption={props.caption} columns={props.columns} busy={list.isPlaceholderData}>
            {items.map((item, i) => (
              <Row key={item._id}>
                <Cell>{offset + i + 1}</Cell>
                {props.cells(item)}
              </Row>
            ))}
          </DataTable>
        )}
        <Pagination page={page} pages={pages} onChange={setPage} label={props.pagesLabel} />
      </Panel>
    </AdminPage>
  );
}

/** A row's Edit link (which tells the edit page the list's place to go back to) and its Delete button, which asks first. */
export function EditDeleteActions(props: {
  editTo: string;
  name: string;
  title: string;
  message: string;
  pending: boolean;
  onDelete: () => void;
}) {
  const from: FromList = { list: useLocation().search };
  return (
    <div className="flex gap-2 max-md:flex-wrap">
      <Link
        to={props.editTo}
        state={from}
        aria-label={`Edit ${props.name}`}
        className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        <PencilIcon className="h-4 w-4" />
        Edit
      </Link>
      <ConfirmButton
        label={`Delete ${props.name}`}
        title={props.title}
        message={props.message}
        confirmLabel="Delete"
        pending={props.pending}
        onConfirm={props.onDelete}
      >
        <TrashIcon className="h-4 w-4" />
        Delete
      </ConfirmButton>
    </div>
  );
}
