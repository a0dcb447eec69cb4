import { Link } from 'react-router';
import { useHead } from '../../lib/head.ts';

export default function NotFoundPage() {
  useHead({ title: 'Page not found | Mobile Shop UK', noindex: true });
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 text-center">
      <p className="text-7xl font-extrabold text-brand-600">404</p>
      <h1 className="text-2xl font-bold text-ink">Oops! Page not found</h1>
      <Link to="/shop/home" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        Back to Home
      </Link>
    </main>
  );
}
