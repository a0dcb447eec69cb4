import { wantToasts } from '../../../lib/toast.ts';

/** How long a toast offering Undo stays (it stays while hovered or focused): longer than others, to reach the button. */
const UNDO_TOAST_MS = 15_000;

/** A green toast with an Undo button, for the large changes the console can take back. */
export function notifyWithUndo(message: string, onUndo: () => void): void {
  wantToasts();
  void import('react-toastify').then(({ toast }) =>
    toast.success(
      ({ closeToast }) => (
        <div className="flex items-center justify-between gap-3">
          <span>{message}</span>
          <button
            type="button"
            className="shrink-0 rounded-md border border-white/70 px-3 py-1 text-sm font-semibold text-white hover:bg-white/10"
            onClick={() => {
              closeToast();
              onUndo();
            }}
          >
            Undo
          </button>
        </div>
      ),
      { autoClose: UNDO_TOAST_MS, closeOnClick: false },
    ),
  );
}
