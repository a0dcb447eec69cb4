import { useNavigate, useParams } from 'react-router';
import { useBackToList } from '../api/list-params.ts';
import { useRepair } from '../api/queries.ts';
import { EditRecordPage } from '../components/EditRecordPage.tsx';
import { useUpdateRepair } from './repair-mutations.ts';
import { RepairForm } from './RepairForm.tsx';

export default function UpdateRepairPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const back = useBackToList('/admin/phonerepairlist');
  const update = useUpdateRepair(id);
  return (
    <EditRecordPage
      title="Update Phone Repair"
      record={useRepair(id)}
      loading="Loading repair"
      notFound="Product not Found"
      errorFallback="Something went wrong"
      back={back}
    >
      {(repair) => (
        <RepairForm
          key={repair._id}
          repair={repair}
          cancelTo={back}
          onSubmit={async (body) => {
            await update.mutateAsync(body);
            navigate(back);
          }}
        />
      )}
    </EditRecordPage>
  );
}
