import { AdminPage, LinkButton, Panel } from '../components/Page.tsx';

export default function AdminNotFoundPage() {
  return (
    <AdminPage title="Page not found" heading="Oops! Page not found">
      <Panel>
        <p className="text-slate-700">There is no admin page at this address.</p>
        <div className="mt-4">
          <LinkButton to="/admin/dashboard" variant="primary">
            Back to Dashboard
          </LinkButton>
        </div>
      </Panel>
    </AdminPage>
  );
}
