import { lazy, Suspense } from 'react';
import { useNow } from '../lib/now.ts';
import type { EnquirySubject } from './enquiry/subject.ts';

/**
 * What a page shows once it is live, by the visitor's clock: the shop's opening status and, while it is closed, the
 * enquiry and WhatsApp buttons beside call-to-buy buttons. Their code is one chunk, fetched after the page has been
 * taken over, so no page's first download carries it.
 */
const load = () => import('./live-parts.tsx');
export const LiveStatusText = lazy(() => load().then((m) => ({ default: m.StatusText })));
const LiveClosedExtras = lazy(() => load().then((m) => ({ default: m.ClosedExtras })));
const LiveOpenNowLine = lazy(() => load().then((m) => ({ default: m.OpenNowLine })));

/**
 * The enquiry and WhatsApp buttons a call-to-buy button gains while the shop is closed: nothing until the page is
 * live, then drawn by the visitor's clock. An island of its own on a server-rendered page (app/islands.ts).
 */
export function ClosedExtrasOnceLive({ subject, compact = false }: { subject: EnquirySubject; compact?: boolean }) {
  const live = useNow() !== null;
  if (!live) return null;
  return (
    <Suspense fallback={null}>
      <LiveClosedExtras subject={subject} compact={compact} />
    </Suspense>
  );
}

/**
 * Under a product's buttons, once the page is live: whether the shop is open, and while it is closed a WhatsApp link.
 * A line of its own height from the start, so nothing moves. An island of its own on a server-rendered page.
 */
export function OpenNowOnceLive({ subject }: { subject: EnquirySubject }) {
  const live = useNow() !== null;
  return (
    <div
      className="flex h-11 items-center justify-between gap-3 text-sm text-slate-700 sm:justify-start"
      data-testid="product-open-status"
    >
      {live && (
        <Suspense fallback={null}>
          <LiveOpenNowLine subject={subject} />
        </Suspense>
      )}
    </div>
  );
}
