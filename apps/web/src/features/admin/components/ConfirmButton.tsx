import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Button } from '../../../components/Button.tsx';

interface Question {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** Called when the admin backs out (Cancel or Escape). */
  onCancel?: () => void;
}

/** Shows a ConfirmDialog (the `open` attribute where the browser has no modal dialogs). */
export function openDialog(el: HTMLDialogElement | null) {
  if (!el) return;
  if (typeof el.showModal === 'function') el.showModal();
  else el.setAttribute('open', '');
}

function closeDialog(el: HTMLDialogElement | null) {
  if (!el) return;
  if (typeof el.close === 'function') el.close();
  else el.removeAttribute('open');
}

/** A modal dialog that asks before an action, shown by `openDialog`; Escape or Cancel backs out. */
export function ConfirmDialog({
  ref,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: Question & { ref: RefObject<HTMLDialogElement | null> }) {
  const titleId = useId();
  const messageId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={onCancel}
      className="m-auto w-[min(92vw,28rem)] rounded-xl bg-white p-6 text-left shadow-xl backdrop:bg-slate-900/60"
    >
      <h2 id={titleId} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <p id={messageId} className="mt-2 text-slate-700">
        {message}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Button
          variant="secondary"
          autoFocus
          onClick={() => {
            closeDialog(ref.current);
            onCancel?.();
          }}
        >
          Cancel
        </Button>
        <Button
          variant="danger"
          onClick={() => {
            closeDialog(ref.current);
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

interface Props extends Question {
  /** Visible text of the table button, e.g. 'Delete'. */
  children: ReactNode;
  /** Accessible name of the table button, naming the record: 'Delete Galaxy S24'. */
  label: string;
  /** Never possible here (one's own account): the button is out of the tab order. */
  disabled?: boolean;
  /** Under way: the button ignores presses and keeps the focus it has, for the toast that follows. */
  pending?: boolean;
  className?: string;
}

/** A row's buttons and links, in order. */
const controlsOf = (row: Element) => [...row.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];

/**
 * Where the focus goes when `control`, holding it, leaves the page with its record: the same control of the next
 * row, or of the previous one for the last row, or else the page's heading. Otherwise the browser would put it on
 * the page itself, and a keyboard or screen reader user would start again from its top.
 */
function focusAfterRemoval(control: HTMLElement): () => void {
  const row = control.closest('tr, li');
  const index = row ? controlsOf(row).indexOf(control) : -1;
  const neighbours = [row?.nextElementSibling, row?.previousElementSibling].map((r) => (r ? controlsOf(r) : []));
  const neighbour = neighbours.find((controls) => controls.length > 0);
  return () => {
    const focus = document.activeElement;
    if (focus && focus !== document.body) return;
    const target = neighbour?.[Math.min(index, neighbour.length - 1)];
    if (target?.isConnected) return target.focus();
    document.querySelector<HTMLElement>('main h1')?.focus();
  };
}

/** A destructive action that asks first, in a ConfirmDialog. */
export function ConfirmButton({ children, label, disabled, pending = false, className = '', ...question }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const control = button.current;
    // Run as the record's row leaves, while it and its neighbours are still in the page.
    return () => {
      if (control && document.activeElement === control) setTimeout(focusAfterRemoval(control));
    };
  }, []);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={label}
        disabled={disabled}
        aria-disabled={pending || undefined}
        onClick={() => {
          if (!pending) openDialog(dialog.current);
        }}
        className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-lg border border-red-200 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:border-slate-200 disabled:text-slate-600 disabled:hover:bg-white aria-disabled:cursor-wait aria-disabled:border-slate-200 aria-disabled:text-slate-600 aria-disabled:hover:bg-white ${className}`}
      >
        {children}
      </button>
      <ConfirmDialog ref={dialog} {...question} />
    </>
  );
}
