import { startTransition, useEffect, useId, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { ShopInfoContext, type ShopInfo } from '../../lib/shop-info.ts';
import { Icon } from '../layout/Icon.tsx';
import EnquiryForm from './EnquiryForm.tsx';
import { WhatsAppLink } from './WhatsAppLink.tsx';
import { subjectName, type EnquirySubject } from './subject.ts';

/**
 * The enquiry or booking form in a modal dialog (Escape or the close button backs out), opened as it is drawn on the
 * page; loaded when first opened, or ahead of that (EnquiryButton).
 */
export default function EnquiryDialog({ subject, onClose }: { subject: EnquirySubject; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const booking = subject.kind === 'booking';
  const about = subjectName(subject);

  useEffect(() => {
    const el = dialog.current;
    // Not one drawn off the page (drawOffPage).
    if (el?.isConnected && !el.open) el.showModal();
  }, []);
  const close = () => dialog.current?.close();

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[94dvh] w-[min(96vw,36rem)] overflow-y-auto rounded-2xl bg-white p-0 text-left shadow-xl backdrop:bg-slate-900/60"
    >
      <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-slate-200 bg-white px-5 py-4">
        <div className="min-w-0">
          <h2 id={titleId} className="text-xl font-bold text-ink">
            {booking ? 'Book this repair' : 'Send an enquiry'}
          </h2>
          {about && <p className="mt-0.5 text-sm break-words text-slate-700">{about}</p>}
        </div>
        <button
          type="button"
          aria-label="Close"
          onClick={close}
          className="-m-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
        >
          <Icon name="close" className="h-5 w-5" />
        </button>
      </div>
      <div className="px-5 py-5">
        <p className="mb-4 text-sm text-slate-700">
          {booking
            ? 'Tell us when suits you and we will contact you to confirm.'
            : 'Ask us anything, any time: we reply as soon as we are open.'}
        </p>
        <WhatsAppLink
          subject={subject}
          className="mb-5 inline-flex items-center gap-2 rounded-lg bg-green-700 px-4 py-2.5 font-semibold text-white hover:bg-green-800"
        >
          Message us on WhatsApp instead<span className="sr-only"> (opens in a new tab)</span>
        </WhatsAppLink>
        <EnquiryForm subject={subject} onSent={close} keepDraft />
      </div>
    </dialog>
  );
}

/** Runs `then` once what it is drawn with has been committed. */
function Then({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}

/**
 * Draws the dialog about `subject` once off the page, unopened, styles it in the page (styleAhead), and throws it
 * away. The browser compiles code as it first runs it: the first draw of the dialog, done at a tap, took about five
 * times as long as a later one (docs/decisions/0040-islands.md). Drawn so while the visitor reads, as a transition
 * that yields to them, the first tap pays a later draw's price.
 */
export function drawOffPage(shop: ShopInfo, subject: EnquirySubject) {
  const box = document.createElement('div');
  const root = createRoot(box);
  const done = () =>
    void setTimeout(() => {
      styleAhead(box);
      root.unmount();
    }, 0);
  startTransition(() =>
    root.render(
      <ShopInfoContext value={shop}>
        <EnquiryDialog subject={subject} onClose={() => {}} />
        <Then then={done} />
      </ShopInfoContext>,
    ),
  );
}

/**
 * Puts the dialog drawn in `box` in the page, open, has the browser style and lay it out, and takes it out again,
 * all in one task. The browser keeps what it worked out for styles it has met, so the tap's showModal() then styles
 * the page and the dialog in about half the time (docs/decisions/0040-islands.md). In one task, no frame shows it,
 * and nothing else that runs in the page (its scripts, assistive technology, autofill, a test) can meet it.
 */
function styleAhead(box: HTMLElement) {
  const dialog = box.querySelector('dialog');
  if (!dialog) return;
  dialog.setAttribute('open', '');
  box.className = 'fixed top-0 left-0 h-0 w-screen overflow-hidden';
  document.body.append(box);
  dialog.getBoundingClientRect();
  box.remove();
}
