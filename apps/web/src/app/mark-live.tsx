import { useEffect } from 'react';

/**
 * Marks the app live (`<html data-app="live">`) once React has committed the page it is rendered after and run its
 * effects: a page the browser draws itself (main.tsx). A server-rendered page is live once its islands are hydrated
 * (islands.tsx).
 */
export function MarkLive() {
  useEffect(() => {
    document.documentElement.dataset.app = 'live';
  }, []);
  return null;
}
