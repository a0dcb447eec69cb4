import { TOAST_AUTOCLOSE_MS } from '@shop/shared';
import { lazy, useSyncExternalStore } from 'react';

/**
 * Toasts (top-center, 5 s, dark). react-toastify is downloaded on the first toast, so shop pages that
 * never show one do not pay for it; a toast raised before its container mounts waits in its queue.
 */
let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the toast container (once): call before showing a toast through react-toastify directly. */
export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Shows a toast; `autoClose` (ms) only where it must not last the usual 5 s (a flash's rest of its time). */
export function notify(kind: 'success' | 'error', message: string, autoClose?: number): void {
  wantToasts();
  void import('react-toastify').then(({ toast }) => toast[kind](message, autoClose === undefined ? undefined : { autoClose }));
}

const FLASH_KEY = 'shop:flash';

interface Flash {
  kind: 'success' | 'error';
  message: string;
  /** When its 5 s end (epoch ms). */
  until: number;
}

/**
 * A toast that outlives a page loaded as a document (sign-out leaves that way, and the toast would go with the old
 * page): shown now, and kept in the tab's session storage for the next page to show with showFlash().
 */
export function flash(kind: Flash['kind'], message: string): void {
  notify(kind, message);
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify({ kind, message, until: Date.now() + TOAST_AUTOCLOSE_MS } satisfies Flash));
  } catch {
    // No storage (private mode, blocked): the toast is only seen on this page, as before.
  }
}

/** Shows the toast flash() kept on the page before, once and for what is left of its 5 s; none when it is over. */
export function showFlash(): void {
  let kept: Partial<Flash> | null;
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    kept = raw ? (JSON.parse(raw) as Partial<Flash>) : null;
  } catch {
    return;
  }
  if (!kept || (kept.kind !== 'success' && kept.kind !== 'error') || typeof kept.message !== 'string') return;
  const left = Math.min(Number(kept.until) - Date.now(), TOAST_AUTOCLOSE_MS);
  if (left > 0) notify(kept.kind, kept.message, left);
}

/** Whether a toast has been asked for yet, so the container is mounted only then. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

export const Toaster = lazy(() => import('./toaster.tsx'));
