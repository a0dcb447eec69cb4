import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { wantToasts } from '../../../lib/toast.ts';

/** How long a toast with an action stays (it stays while hovered or focused): longer than others, to reach the action. */
const ACTION_TOAST_MS = 15_000;

const actionClass = 'shrink-0 rounded-md border border-white/70 px-3 py-1 text-sm font-semibold text-white hover:bg-white/10';

/** A toast with one action beside its message. */
function notifyWithAction(kind: 'success' | 'error', message: string, action: (close: () => void) => ReactNode): void {
  wantToasts();
  void import('react-toastify').then(({ toast }) =>
    toast[kind](
      ({ closeToast }) => (
        <div className="flex items-center justify-between gap-3">
          <span>{message}</span>
          {action(closeToast)}
        </div>
      ),
      { autoClose: ACTION_TOAST_MS, closeOnClick: false },
    ),
  );
}

/** A green toast with an Undo button, for the large changes the console can take back. */
export function notifyWithUndo(message: string, onUndo: () => void): void {
  notifyWithAction('success', message, (close) => (
    <button
      type="button"
      className={actionClass}
      onClick={() => {
        close();
        onUndo();
      }}
    >
      Undo
    </button>
  ));
}

/**
 * A red toast for a change refused because the admin's session has ended (signed out elsewhere, or expired): signing
 * in again in a new tab keeps what was typed in this one, to be sent again. True when `err` was that refusal.
 */
export function notifiedSignedOut(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status !== 401) return false;
  notifyWithAction(
    'error',
    'Your session has ended. Sign in again in a new tab, then send this again: what you typed stays here.',
    () => (
      <a href="/auth/login" target="_blank" rel="noopener" className={actionClass}>
        Sign in<span className="sr-only"> (opens in a new tab)</span>
      </a>
    ),
  );
  return true;
}
