import { useEffect } from 'react';

/**
 * Marks the app live (`<html data-app="live">`) once React has committed the part of the page it is rendered in, and
 * run the effects of what comes before it: from then on a tap on the page is the app's (public/boot.js replays the
 * tap made before). A shop page renders it after the page, inside the page's Suspense boundary (ShopLayout): React
 * hydrates each boundary the server sent apart from the rest, after the frame around it, so marking the app live when
 * the root committed would let a tap race the page's hydration. A page drawn in the browser alone is live once the
 * root commits (main.tsx).
 */
export function MarkLive() {
  useEffect(() => {
    document.documentElement.dataset.app = 'live';
  }, []);
  return null;
}
