import { AdminPage, LinkButton, Panel } from '../components/Page.tsx';

/** An unknown address under /admin: the spec's 404 page (its heading and 'Back to Home'), kept in the console's frame. */
export default function AdminNotFoundPage() {
  return (
    <AdminPage title="Page not found" heading="Oops! Page not found">
      <Panel>
        <p className="text-slate-700">There is no admin page at this address.</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <LinkButton to="/admin/dashboard" variant="primary">
            Back to Dashboard
          </LinkButton>
          <LinkButton to="/shop/home">Back to Home</LinkButton>
        </div>
      </Panel>
    </AdminPage>
  );
}
