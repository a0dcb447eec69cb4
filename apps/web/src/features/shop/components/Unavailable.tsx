import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';

/**
 * A page whose record failed to load for a reason other than its absence (that is the 404 page): a heading naming
 * what is unavailable, the reason, and the way back to where the visitor can go on.
 */
export function Unavailable({ title, message, back }: { title: string; message: string; back: { to: string; label: string } }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      <EmptyState tone="error">{message}</EmptyState>
      <Link to={back.to} className="inline-flex rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        {back.label}
      </Link>
    </div>
  );
}
