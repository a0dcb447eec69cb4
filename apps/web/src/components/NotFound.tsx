import { Link } from 'react-router';

/** The shop's 404 page content, inside the shop's frame: for an unknown address or a missing record. */
export function NotFound() {
  return (
    <div className="flex min-h-[70vh] flex-col items-center justify-center gap-6 px-4 text-center">
      <p className="text-7xl font-extrabold text-brand-600">404</p>
      <h1 className="text-2xl font-bold text-ink">Oops! Page not found</h1>
      <Link to="/shop/home" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        Back to Home
      </Link>
    </div>
  );
}
