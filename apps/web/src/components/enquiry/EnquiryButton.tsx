import { Suspense, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { isPlainClick } from '../../lib/clicks.ts';
import { useShopInfo, type ShopInfo } from '../../lib/shop-info.ts';
import { Icon } from '../layout/Icon.tsx';
import { contactPathOf, type EnquirySubject } from './subject.ts';
import { openPage } from '../../lib/pages.ts';

const load = () => import('./EnquiryDialog.tsx');
type Dialog = Awaited<ReturnType<typeof load>>['default'];

let drawnAhead = false;

/**
 * Once a page with an enquiry button is live and idle, its dialog's code is fetched and the dialog drawn off the page
 * (drawOffPage), so that the first tap waits neither for the network (a quarter of a second on a slow 4G line) nor
 * for the code's first run. Once a page, and not on a connection the visitor asked to spare (Save-Data).
 */
function drawAhead(shop: ShopInfo, subject: EnquirySubject) {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  if (drawnAhead || connection?.saveData) return;
  drawnAhead = true;
  const draw = () =>
    void load().then(
      (dialog) => dialog.drawOffPage(shop, subject),
      () => (drawnAhead = false),
    );
  const whenIdle = () => void (window.requestIdleCallback ? window.requestIdleCallback(draw) : setTimeout(draw, 0));
  const html = document.documentElement;
  if (html.dataset.app === 'live') {
    whenIdle();
    return;
  }
  const observer = new MutationObserver(() => {
    if (html.dataset.app !== 'live') return;
    observer.disconnect();
    whenIdle();
  });
  observer.observe(html, { attributes: true, attributeFilter: ['data-app'] });
}

/**
 * A link to the contact page's form about `subject` (scrolled to it) that, once the app is live, opens that form in
 * a dialog instead. Before then (the app starts at the visitor's first touch, and may not have arrived) the browser
 * follows it at once, so a tap is never left waiting for the app. The form's code, and the form libraries it needs,
 * are a chunk of their own, fetched and run ahead once the page is live (drawAhead), or fetched when the visitor heads
 * for the link; the dialog is drawn once it is here: not suspended on it, since React shows content that a fallback
 * stood in for no sooner than 300 ms after the fallback. Should the code not arrive, the browser goes to the link
 * after all. A click that opens a new tab or window (a modifier key, the middle button) stays the browser's.
 */
export function EnquiryButton({
  subject,
  className = '',
  label,
  title,
  onDialog,
  children,
}: {
  subject: EnquirySubject;
  className?: string;
  /** Told at the tap that opens its dialog (true), and when the dialog closes or cannot be loaded (false). */
  onDialog?: (open: boolean) => void;
  /** Accessible name when the visible text alone does not say what it is about. */
  label?: string;
  title?: string;
  children: ReactNode;
}) {
  const [EnquiryDialog, setDialog] = useState<Dialog | null>(null);
  const shop = useShopInfo();
  useEffect(() => drawAhead(shop, subject), [shop, subject]);
  const preload = () => void load();
  const openDialog = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    // Told at the tap, not once the dialog's code is here: what holds the button keeps it meanwhile.
    onDialog?.(true);
    load().then(
      (dialog) => setDialog(() => dialog.default),
      () => {
        onDialog?.(false);
        openPage(href);
      },
    );
  };
  return (
    <>
      <a
        href={`${contactPathOf(subject)}#contact-form`}
        // A form about this page's subject, not a page of its own for search engines (its canonical is /contact).
        rel="nofollow"
        aria-haspopup="dialog"
        aria-label={label}
        title={title}
        className={className}
        onPointerEnter={preload}
        onTouchStart={preload}
        onFocus={preload}
        onClick={openDialog}
      >
        {children}
      </a>
      {EnquiryDialog && (
        <Suspense fallback={null}>
          <EnquiryDialog
            subject={subject}
            onClose={() => {
              setDialog(null);
              onDialog?.(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** "Send an enquiry" about a product, beside its call-to-buy button. */
export function SendEnquiryButton({ subject }: { subject: EnquirySubject }) {
  return (
    <EnquiryButton
      subject={subject}
      className="inline-flex w-full items-center justify-center gap-2 rounded-lg border-2 border-brand-600 px-6 py-2.5 text-lg font-semibold text-brand-700 hover:bg-brand-50 sm:w-auto"
    >
      <Icon name="mail" className="h-5 w-5" />
      Send an enquiry
    </EnquiryButton>
  );
}
