import { lazy } from 'react';

/**
 * What a page shows once it is live, by the visitor's clock: the shop's opening status and, while it is closed, the
 * enquiry and WhatsApp buttons beside call-to-buy buttons. Their code is one chunk, fetched after the page has been
 * taken over, so no page's first download carries it.
 */
const load = () => import('./live-parts.tsx');
export const LiveStatusText = lazy(() => load().then((m) => ({ default: m.StatusText })));
export const LiveClosedExtras = lazy(() => load().then((m) => ({ default: m.ClosedExtras })));
