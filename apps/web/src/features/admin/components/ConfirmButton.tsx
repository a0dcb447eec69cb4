import { useId, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/Button.tsx';

interface Props {
  /** Visible text of the table button, e.g. 'Delete'. */
  children: ReactNode;
  /** Accessible name of the table button, naming the record: 'Delete Galaxy S24'. */
  label: string;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
  className?: string;
}

/** A destructive action that asks first, in a modal dialog (Escape or Cancel backs out). */
export function ConfirmButton({ children, label, title, message, confirmLabel, onConfirm, disabled, className = '' }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();
  const open = () => {
    const el = dialog.current;
    if (!el) return;
    if (typeof el.showModal === 'function') el.showModal();
    else el.setAttribute('open', '');
  };
  const close = () => {
    const el = dialog.current;
    if (!el) return;
    if (typeof el.close === 'function') el.close();
    else el.removeAttribute('open');
  };
  return (
    <>
      <button
        type="button"
        aria-label={label}
        disabled={disabled}
        onClick={open}
        className={`inline-flex items-center gap-1.5 rounded-lg border border-red-200 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:border-slate-200 disabled:text-slate-600 disabled:hover:bg-white ${className}`}
      >
        {children}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={messageId}
        className="m-auto w-[min(92vw,28rem)] rounded-xl bg-white p-6 text-left shadow-xl backdrop:bg-slate-900/60"
      >
        <h2 id={titleId} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        <p id={messageId} className="mt-2 text-slate-700">
          {message}
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" autoFocus onClick={close}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              close();
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </dialog>
    </>
  );
}
