import { REDIRECT_AFTER_LOGOUT_MS, type CheckResponse, type Envelope, type SessionUser } from '@shop/shared';
import { useState, useSyncExternalStore } from 'react';
import { ApiError, api, errorMessage } from './api.ts';
import { hasCookie } from './cookies.ts';
import { replacePage } from './pages.ts';
import { flash, notify } from './toast.ts';

/** Whether the server's "signed in" hint cookie is set (never on the server, which renders pages signed out). */
export const hasSessionHint = () => hasCookie('signed_in', '1');

/** The signed-in user, or null when signed out (no session hint, or a 401 from /api/auth/check). */
export async function checkSession(signal?: AbortSignal): Promise<SessionUser | null> {
  if (!hasSessionHint()) return null;
  try {
    return (await api<CheckResponse>('/auth/check', { signal })).user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

let account: SessionUser | null = null;
let asked = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!asked && hasSessionHint()) {
    asked = true;
    checkSession().then(
      (user) => {
        account = user;
        for (const l of listeners) l();
      },
      () => undefined,
    );
  }
  return () => listeners.delete(listener);
}

/**
 * The signed-in visitor of a shop page, for its account links: null while signed out, on the server and until the
 * session is checked (once per page, and only when the hint cookie says there is one).
 */
export function useAccount(): SessionUser | null {
  return useSyncExternalStore(
    subscribe,
    () => account,
    () => null,
  );
}

export const isAdmin = (user: SessionUser | null | undefined) => user?.role === 'admin';

/**
 * Signing out (spec section 4): a toast, then the sign-in page after about a second, loaded afresh so nothing of the
 * account stays in the page; the toast is a flash, so the sign-in page shows it for the rest of its 5 s. `busy` from
 * the click until then.
 */
export function useLogout(): { logout: () => void; busy: boolean } {
  const [busy, setBusy] = useState(false);
  const logout = () => {
    setBusy(true);
    api<Envelope>('/auth/logout', { method: 'POST' }).then(
      (res) => {
        flash('success', res.message ?? 'Logged out');
        setTimeout(() => replacePage('/auth/login'), REDIRECT_AFTER_LOGOUT_MS);
      },
      (err: unknown) => {
        setBusy(false);
        notify('error', errorMessage(err, 'Logout failed'));
      },
    );
  };
  return { logout, busy };
}
