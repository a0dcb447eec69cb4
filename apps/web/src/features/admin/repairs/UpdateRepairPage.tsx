import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useRepair } from '../api/queries.ts';
import { useBackToList } from '../api/list-params.ts';
import { AdminPage, LinkButton, Panel } from '../components/Page.tsx';
import { useUpdateRepair } from './repair-mutations.ts';
import { RepairForm } from './RepairForm.tsx';

export default function UpdateRepairPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const back = useBackToList('/admin/phonerepairlist');
  const repair = useRepair(id);
  const update = useUpdateRepair(id);
  const missing = repair.isError && repair.error instanceof ApiError && repair.error.status === 404;

  // Once loaded, the form stays, with what was typed in it, through a failed re-read (as the network comes back).
  return (
    <AdminPage title="Update Phone Repair">
      {repair.isPending ? (
        <Spinner label="Loading repair" />
      ) : repair.data ? (
        <Panel>
          <RepairForm
            key={repair.data._id}
            repair={repair.data}
            onSubmit={async (body) => {
              await update.mutateAsync(body);
              navigate(back);
            }}
          />
        </Panel>
      ) : missing ? (
        <Panel>
          <p className="text-lg font-semibold text-ink">Product not Found</p>
          <div className="mt-4">
            <LinkButton to={back}>Back</LinkButton>
          </div>
        </Panel>
      ) : (
        <EmptyState tone="error">{errorMessage(repair.error, 'Something went wrong')}</EmptyState>
      )}
    </AdminPage>
  );
}
