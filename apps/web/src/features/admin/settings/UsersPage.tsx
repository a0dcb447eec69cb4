import type { Envelope } from '@shop/shared';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { api, errorMessage } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { adminKeys } from '../api/keys.ts';
import { useLastPage, useListParams } from '../api/list-params.ts';
import { useAdminMutation } from '../api/mutations.ts';
import { USER_LIST_PAGE_SIZE, useUserPage } from '../api/queries.ts';
import { ConfirmButton } from '../components/ConfirmButton.tsx';
import { Cell, DataTable, Row } from '../components/DataTable.tsx';
import { TrashIcon } from '../components/icons.tsx';
import { AdminPage, Panel } from '../components/Page.tsx';
import { SearchBox } from '../components/SearchBox.tsx';

/** User Detail: every account, newest first, searched by name or email; an admin cannot delete their own. */
export default function UsersPage() {
  const { page, q, setPage, setQuery } = useListParams();
  const { data: me } = useSession();
  const list = useUserPage(page, q);
  const remove = useAdminMutation({
    mutationFn: (id: string) => api<Envelope>(`/auth/delete/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    invalidate: [adminKeys.users, adminKeys.counts],
  });
  const users = list.data?.fetchUser ?? [];
  const pages = list.data?.pages ?? 1;
  const offset = ((list.data?.page ?? page) - 1) * (list.data?.limit ?? USER_LIST_PAGE_SIZE);

  useLastPage(list, page);

  return (
    <AdminPage title="User Detail">
      <Panel>
        <div className="mb-4">
          <SearchBox
            id="user-search"
            label="Search users"
            placeholder="Search by name or email..."
            value={q}
            onSearch={setQuery}
          />
        </div>
        {list.isPending ? (
          <Spinner label="Loading users" />
        ) : list.isError ? (
          <EmptyState tone="error">{errorMessage(list.error, 'Error loading data')}</EmptyState>
        ) : users.length === 0 ? (
          <EmptyState>No data available</EmptyState>
        ) : (
          <DataTable caption="Accounts, newest first" columns={['ID', 'Name', 'Email', 'Action']} busy={list.isPlaceholderData}>
            {users.map((u, i) => {
              const self = u._id === me?._id;
              return (
                <Row key={u._id}>
                  <Cell>{offset + i + 1}</Cell>
                  {/* What a visitor typed at sign-up: a long word breaks, rather than pushing the buttons out of sight. */}
                  <Cell className="font-medium md:wrap-anywhere md:min-w-32">
                    {u.name}
                    {u.role === 'admin' && (
                      <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">
                        Admin
                      </span>
                    )}
                  </Cell>
                  <Cell className="md:wrap-anywhere md:min-w-56">{u.email}</Cell>
                  <Cell>
                    <div className="flex flex-wrap items-center gap-2">
                      <ConfirmButton
                        label={self ? 'Delete (this is your account)' : `Delete ${u.name}`}
                        title="Delete user?"
                        message={`The account of ${u.name} (${u.email}) will be deleted and signed out everywhere. This cannot be undone.`}
                        confirmLabel="Delete"
                        disabled={self}
                        pending={remove.isPending && remove.variables === u._id}
                        onConfirm={() => remove.mutate(u._id)}
                      >
                        <TrashIcon className="h-4 w-4" />
                        Delete
                      </ConfirmButton>
                      {self && <span className="text-sm text-slate-600">You can't delete your own account</span>}
                    </div>
                  </Cell>
                </Row>
              );
            })}
          </DataTable>
        )}
        <Pagination page={page} pages={pages} onChange={setPage} label="User list pages" />
      </Panel>
    </AdminPage>
  );
}
