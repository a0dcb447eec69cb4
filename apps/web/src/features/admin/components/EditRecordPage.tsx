import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { AdminPage, LinkButton, Panel } from './Page.tsx';

interface Props<T> {
  title: string;
  /** The record's read (the edit page's query). */
  record: UseQueryResult<T>;
  /** The spinner's label, e.g. 'Loading product'. */
  loading: string;
  /** What a missing record says, e.g. 'Product not Found'. */
  notFound: string;
  errorFallback: string;
  /** Where Back leads: the list the admin came from (useBackToList). */
  back: string;
  action?: ReactNode;
  /** The record's form. */
  children: (data: T) => ReactNode;
}

/**
 * Whether a record's form should wait: for its first read, or for the read on opening the page when a copy read
 * earlier is at hand. A form filled from that copy would send its older updatedAt, and be refused a save over a change
 * it never showed.
 */
export const awaitingFreshRead = (record: UseQueryResult<unknown>) =>
  record.isPending || (record.isFetching && !record.isFetchedAfterMount);

/**
 * An edit page of the console: the record loading, then its form; 'X not Found' with Back for a record that is not
 * there, or the error. Once loaded, the form stays, with what was typed in it, through a failed re-read (as the
 * network comes back).
 */
export function EditRecordPage<T>({ title, record, loading, notFound, errorFallback, back, action, children }: Props<T>) {
  const missing = record.error instanceof ApiError && record.error.status === 404;
  return (
    <AdminPage title={title} action={action}>
      {awaitingFreshRead(record) ? (
        <Spinner label={loading} />
      ) : record.data !== undefined ? (
        <Panel>{children(record.data)}</Panel>
      ) : missing ? (
        <Panel>
          <p className="text-lg font-semibold text-ink">{notFound}</p>
          <div className="mt-4">
            <LinkButton to={back}>Back</LinkButton>
          </div>
        </Panel>
      ) : (
        <EmptyState tone="error">{errorMessage(record.error, errorFallback)}</EmptyState>
      )}
    </AdminPage>
  );
}
