import { Link } from 'react-router';

/** The shop's 404 message and its way home, inside whatever frame the page has. */
export function NotFoundMessage() {
  return (
    <>
      <p className="text-7xl font-extrabold text-brand-600">404</p>
      <h1 className="text-2xl font-bold text-ink">Oops! Page not found</h1>
      <Link to="/shop/home" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        Back to Home
      </Link>
    </>
  );
}
