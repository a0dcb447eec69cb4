import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { Spinner } from '../../../components/Spinner.tsx';
import { useCounts, useFixes, useNewEnquiryCount } from '../api/queries.ts';
import { AlertIcon, BoxIcon, HistoryIcon, InboxIcon, PlusIcon, UsersIcon, WrenchIcon } from '../components/icons.tsx';
import { AdminPage } from '../components/Page.tsx';

const numbers = new Intl.NumberFormat('en-GB');

function CountCard({
  label,
  value,
  icon: Icon,
  loading,
}: {
  label: string;
  value: number | undefined;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  loading: boolean;
}) {
  return (
    <div className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <Icon className="h-6 w-6" />
      </span>
      <div>
        <h2 className="text-sm font-medium text-slate-600">{label}</h2>
        <p className="text-3xl font-bold text-ink" aria-busy={loading}>
          {loading ? '…' : value === undefined ? '—' : numbers.format(value)}
        </p>
      </div>
    </div>
  );
}

const ACTIONS = [
  { to: '/admin/addproduct', label: 'Add Product', icon: PlusIcon },
  { to: '/admin/addphonerepair', label: 'Create Repair', icon: WrenchIcon },
  { to: '/admin/userdetail', label: 'Manage Users', icon: UsersIcon },
  { to: '/admin/activity', label: 'Activity', icon: HistoryIcon },
];

/**
 * The dashboard's things to fix: a card per problem the shop has, with its count and the list filtered to it; the
 * server decides which problems there are (apps/api/src/modules/dashboard/fixes.ts).
 */
function ThingsToFix() {
  const fixes = useFixes();
  return (
    <section aria-labelledby="things-to-fix" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="things-to-fix" className="mb-4 text-lg font-semibold text-ink">
        Things to fix
      </h2>
      {fixes.isPending ? (
        <Spinner label="Looking for things to fix" />
      ) : fixes.isError ? (
        <EmptyState tone="error">{errorMessage(fixes.error, 'Error loading data')}</EmptyState>
      ) : fixes.data.length === 0 ? (
        <p className="text-slate-700">Nothing to fix: every check came back clean.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {fixes.data.map((f) => (
            <li key={f.key}>
              <Link
                to={f.to}
                className="flex h-full items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 hover:border-amber-500 hover:bg-amber-100"
              >
                <AlertIcon className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" />
                <span className="flex-1">
                  <span className="block text-2xl font-bold">{numbers.format(f.count)}</span>
                  <span className="block font-medium">{f.title}</span>
                  <span className="mt-1 block text-sm font-semibold text-brand-700 underline">View the list</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function DashboardPage() {
  const counts = useCounts();
  const newEnquiries = useNewEnquiryCount();
  return (
    <AdminPage title="Dashboard">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <CountCard label="Total Products" value={counts.data?.productCount} icon={BoxIcon} loading={counts.isPending} />
        <CountCard label="Total User" value={counts.data?.userCount} icon={UsersIcon} loading={counts.isPending} />
        <Link
          to="/admin/enquiries?status=new"
          className="rounded-xl hover:ring-2 hover:ring-brand-500 focus-visible:ring-2"
        >
          <CountCard label="New Enquiries" value={newEnquiries.data} icon={InboxIcon} loading={newEnquiries.isPending} />
        </Link>
      </div>
      {counts.isError && <EmptyState tone="error">{errorMessage(counts.error, 'Error loading data')}</EmptyState>}
      <ThingsToFix />
      <section aria-labelledby="quick-actions" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="quick-actions" className="mb-4 text-lg font-semibold text-ink">
          Quick actions
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {ACTIONS.map((a) => (
            <li key={a.to}>
              <Link
                to={a.to}
                className="flex items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 font-semibold text-brand-700 hover:border-brand-500 hover:bg-brand-50"
              >
                <a.icon className="h-5 w-5" />
                {a.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </AdminPage>
  );
}
