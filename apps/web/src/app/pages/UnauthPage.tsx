import { pageHeads } from '@shop/shared';
import { Link } from 'react-router';
import { useHead } from '../../lib/head.ts';
import { useShopInfo } from '../../lib/shop-info.ts';

export default function UnauthPage() {
  useHead({ title: pageHeads.private(useShopInfo().shopname, 'Admins only').title, noindex: true });
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 text-center">
      <h1 className="text-2xl font-bold text-ink">it only access Admin Please login</h1>
      <Link to="/shop/home" className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
        Back to Home
      </Link>
    </main>
  );
}
