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

export function notify(kind: 'success' | 'error', message: string): void {
  wantToasts();
  void import('react-toastify').then(({ toast }) => toast[kind](message));
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
