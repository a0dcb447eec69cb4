import { AdminPage, LinkButton, Panel } from '../components/Page.tsx';
import { useCreateRepair } from './repair-mutations.ts';
import { RepairForm } from './RepairForm.tsx';

export default function AddRepairPage() {
  const create = useCreateRepair();
  return (
    <AdminPage title="Phone Repair" action={<LinkButton to="/admin/phonerepairlist">Repair List</LinkButton>}>
      <Panel>
        <RepairForm onSubmit={(body) => create.mutateAsync(body)} />
      </Panel>
    </AdminPage>
  );
}
