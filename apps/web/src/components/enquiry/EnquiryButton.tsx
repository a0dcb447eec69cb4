import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { EnquirySubject } from './subject.ts';

const load = () => import('./EnquiryDialog.tsx');
const EnquiryDialog = lazy(load);

/**
 * A button that opens the enquiry (or booking) form in a dialog. The form's code, and the form libraries it needs,
 * are a chunk of their own, fetched when the visitor heads for the button and shown when they press it.
 */
export function EnquiryButton({
  subject,
  className = '',
  label,
  title,
  children,
}: {
  subject: EnquirySubject;
  className?: string;
  /** Accessible name when the visible text alone does not say what it is about. */
  label?: string;
  title?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const preload = () => void load();
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={label}
        title={title}
        className={className}
        onPointerEnter={preload}
        onTouchStart={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        {children}
      </button>
      {open && (
        <Suspense fallback={null}>
          <EnquiryDialog subject={subject} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
