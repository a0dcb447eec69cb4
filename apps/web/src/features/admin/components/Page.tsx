import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/Button.tsx';
import { useHead } from '../../../lib/head.ts';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { LeaveGuard } from './LeaveGuard.tsx';

/** An admin page: its own <title> (kept out of search engines), a heading and the page's main action. */
export function AdminPage({
  title,
  heading = title,
  action,
  children,
}: {
  title: string;
  heading?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const shop = useShopInfo();
  useHead({ title: `${title} | Admin | ${shop.shopname}`, noindex: true });
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* Focusable from script: where the focus goes when what held it leaves with its record. A long name in it
            ('Enquiry from …') breaks rather than widen the page past the screen. */}
        <h1 tabIndex={-1} className="min-w-0 text-2xl font-bold wrap-anywhere text-ink focus:outline-none sm:text-3xl">
          {heading}
        </h1>
        {action}
      </div>
      {children}
    </div>
  );
}

/** A white panel holding a form or a table, with an optional heading. */
export function Panel({ title, children, className = '' }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 ${className}`}>
      {title && <h2 className="mb-4 text-lg font-semibold text-ink">{title}</h2>}
      {children}
    </section>
  );
}

const linkButton = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
};

/** A link that looks like a button: 'Product List', 'Add Product', 'Cancel', 'Back'. */
export function LinkButton({
  to,
  discard,
  children,
  variant = 'secondary',
}: {
  to: string;
  /** Leaves a form without asking, discarding what was typed in it (its Cancel): see LeaveGuard. */
  discard?: boolean;
  children: ReactNode;
  variant?: keyof typeof linkButton;
}) {
  return (
    <Link
      to={to}
      data-discard={discard ? '' : undefined}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 font-semibold ${linkButton[variant]}`}
    >
      {children}
    </Link>
  );
}

/**
 * A record form's buttons: 'Submit' to add or 'Update' to edit, busy while it is sent (or `busy`), and with
 * `cancelTo`, Cancel back to where the admin came from, discarding what was typed. Leaving the form any other way
 * with changes not saved (`dirty`) asks first.
 */
export function FormButtons({
  editing,
  dirty,
  submitting,
  busy = false,
  cancelTo,
}: {
  editing: boolean;
  dirty: boolean;
  submitting: boolean;
  busy?: boolean;
  cancelTo?: string | undefined;
}) {
  return (
    <div className="flex flex-wrap gap-3 md:col-span-2">
      <LeaveGuard unsaved={dirty && !submitting} />
      <Button type="submit" busy={submitting || busy}>
        {submitting ? (editing ? 'Updating…' : 'Submitting…') : editing ? 'Update' : 'Submit'}
      </Button>
      {cancelTo && (
        <LinkButton to={cancelTo} discard>
          Cancel
        </LinkButton>
      )}
    </div>
  );
}
