import { lazy, Suspense, type ReactNode } from 'react';
import { useNow } from '../lib/now.ts';
import type { EnquirySubject } from './enquiry/subject.ts';

/**
 * What a page shows once it is live, by the visitor's clock: the shop's opening status, the closures to come and,
 * while it is closed, the enquiry and WhatsApp buttons beside call-to-buy buttons. Their code is one chunk, fetched
 * once the page is live, so no page's first download carries it.
 */
const load = () => import('./live-parts.tsx');
const LiveStatusText = lazy(() => load().then((m) => ({ default: m.StatusText })));
const LiveClosedExtras = lazy(() => load().then((m) => ({ default: m.ClosedExtras })));
const LiveOpenNowLine = lazy(() => load().then((m) => ({ default: m.OpenNowLine })));
const LiveClosures = lazy(() => load().then((m) => ({ default: m.Closures })));

/** `children`, from the live parts' chunk, once the page is live: nothing before, as on the server. */
function OnceLive({ children }: { children: ReactNode }) {
  const live = useNow() !== null;
  return live ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * "Open now · closes 17:30" or "Closed now · opens Mon 09:00", worked out in the browser (a cached page stays right)
 * once it is live: the server sends the empty line, of the same height, so nothing moves. A status longer than its
 * line wraps rather than losing its time (on a 320 px phone, or with a reader's own letter spacing).
 */
export function OpenStatus({ className = '' }: { className?: string }) {
  return (
    <p className={`min-h-5 text-sm leading-5 ${className}`} data-testid="open-status">
      <OnceLive>
        <LiveStatusText />
      </OnceLive>
    </p>
  );
}

/**
 * The enquiry and WhatsApp buttons a call-to-buy button gains while the shop is closed, by the visitor's clock. An
 * island of its own on a server-rendered page (app/islands.ts).
 */
export function ClosedExtrasOnceLive({ subject, compact = false }: { subject: EnquirySubject; compact?: boolean }) {
  return (
    <OnceLive>
      <LiveClosedExtras subject={subject} compact={compact} />
    </OnceLive>
  );
}

/**
 * Under a product's buttons: whether the shop is open, and while it is closed a WhatsApp link. A line of its own
 * height from the start, so nothing moves; the status wraps within it, two lines of text being no taller than the
 * button. An island of its own on a server-rendered page.
 */
export function OpenNowOnceLive({ subject }: { subject: EnquirySubject }) {
  return (
    <div
      className="flex min-h-11 items-center justify-between gap-3 text-sm leading-5 text-slate-700 sm:justify-start"
      data-testid="product-open-status"
    >
      <OnceLive>
        <LiveOpenNowLine subject={subject} />
      </OnceLive>
    </div>
  );
}

/** The closures to come, by the visitor's clock, on the contact page. An island of its own on a server-rendered page. */
export function ClosuresOnceLive() {
  return (
    <OnceLive>
      <LiveClosures />
    </OnceLive>
  );
}
