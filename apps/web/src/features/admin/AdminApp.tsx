import { Route, Routes } from 'react-router';
import { useHead } from '../../lib/head.ts';
import { useLogout, useSession } from '../../lib/session.ts';

const PAGES: [path: string, title: string][] = [
  ['dashboard', 'Dashboard'],
  ['appdetail', 'App Information'],
  ['addproduct', 'Add Product'],
  ['productlist', 'Product List'],
  ['updateproduct/:id', 'Update Product'],
  ['addphonerepair', 'Phone Repair'],
  ['phonerepairlist', 'Phone Repair List'],
  ['updatephonerepair/:id', 'Update Phone Repair'],
  ['userdetail', 'User Detail'],
  ['addmodel', 'Add Model'],
  ['repaircategory', 'Add Repair Category'],
  ['acccategory', 'Add Acc Category'],
];

function AdminPage({ title }: { title: string }) {
  useHead({ title: `${title} | Admin`, noindex: true });
  const { data: user } = useSession();
  const logout = useLogout();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <p className="text-sm text-slate-600">Signed in as {user?.name ?? 'admin'}</p>
      <h1 className="text-3xl font-bold text-ink">{title}</h1>
      <button type="button" className="mt-6 rounded-lg border border-slate-300 px-4 py-2" onClick={() => logout.mutate()}>
        Logout
      </button>
    </div>
  );
}

/** The admin console: loaded only when an /admin route is opened. */
export default function AdminApp() {
  return (
    <Routes>
      {PAGES.map(([path, title]) => (
        <Route key={path} path={path} element={<AdminPage title={title} />} />
      ))}
      <Route path="*" element={<AdminPage title="Dashboard" />} />
    </Routes>
  );
}
