import { lazy, Suspense, type ReactNode } from 'react';
import { useShopInfo } from '../lib/shop-info.ts';
import type { EnquirySubject } from './enquiry/subject.ts';

/**
 * What a page shows by the clock: the shop's opening status, the closures to come and, while it is closed, the
 * enquiry and WhatsApp buttons beside call-to-buy buttons. The server renders them for the page's instant
 * (lib/now.ts), so they are there before any script runs; once live, the browser keeps them to the visitor's clock.
 * Their code is one chunk, fetched as the page goes live, so no page's first download carries it.
 */
const load = () => import('./live-parts.tsx');
const StatusText = lazy(() => load().then((m) => ({ default: m.StatusText })));
const ClosedExtras = lazy(() => load().then((m) => ({ default: m.ClosedExtras })));
const OpenNowLine = lazy(() => load().then((m) => ({ default: m.OpenNowLine })));
const Closures = lazy(() => load().then((m) => ({ default: m.Closures })));

/**
 * `children`, from the live parts' chunk, where the shop has set its hours. Nothing here reads the clock: a part
 * the browser is taking over keeps the server's HTML until its code is in, and the time moving on meanwhile changes
 * only the parts themselves, once they have it.
 */
function WithHours({ children }: { children: ReactNode }) {
  return useShopInfo().hours ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * "Open now · closes 17:30" or "Closed now · opens Mon 09:00", in a line of its own height, so nothing moves as it
 * changes. A status longer than its line wraps rather than losing its time (on a 320 px phone, or with a reader's
 * own letter spacing).
 */
export function OpenStatus({ className = '' }: { className?: string }) {
  return (
    <p className={`min-h-5 text-sm leading-5 ${className}`} data-testid="open-status">
      <WithHours>
        <StatusText />
      </WithHours>
    </p>
  );
}

/**
 * The enquiry and WhatsApp buttons a call-to-buy button gains while the shop is closed. An island of its own on a
 * server-rendered page (app/islands.ts).
 */
export function ClosedExtrasByClock({ subject, compact = false }: { subject: EnquirySubject; compact?: boolean }) {
  return (
    <WithHours>
      <ClosedExtras subject={subject} compact={compact} />
    </WithHours>
  );
}

/**
 * Under a product's buttons: whether the shop is open, and while it is closed a WhatsApp link. A line of its own
 * height from the start, so nothing moves; the status wraps within it, two lines of text being no taller than the
 * button. An island of its own on a server-rendered page.
 */
export function OpenNowByClock({ subject }: { subject: EnquirySubject }) {
  return (
    <div
      className="flex min-h-11 items-center justify-between gap-3 text-sm leading-5 text-slate-700 sm:justify-start"
      data-testid="product-open-status"
    >
      <WithHours>
        <OpenNowLine subject={subject} />
      </WithHours>
    </div>
  );
}

/** The closures to come, on the contact page. An island of its own on a server-rendered page. */
export function ClosuresByClock() {
  return (
    <WithHours>
      <Closures />
    </WithHours>
  );
}
