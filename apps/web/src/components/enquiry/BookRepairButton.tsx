import { EnquiryButton } from './EnquiryButton.tsx';

/**
 * "Book this repair": opens the booking form, filled in with the phone and the repair, in a dialog whose code loads
 * on demand; before the app is live, a link to the same form on the contact page (EnquiryButton). Self-contained:
 * place it anywhere in the shop, e.g. in a row of a repair price table:
 *
 *   <BookRepairButton phone="Apple iPhone 13" repair="Screen" repairId={repair._id} />
 *
 * `repairId` (a phone repair price's _id) lets the inbox link the booking to the price, and the contact page name it;
 * without it the booking still names the phone and the repair, and the link leads to the contact page's own form.
 */
export function BookRepairButton({
  phone,
  repair,
  repairId,
  className = '',
}: {
  phone: string;
  repair: string;
  repairId?: string | undefined;
  className?: string;
}) {
  return (
    <EnquiryButton
      subject={{ kind: 'booking', repairId, phone, repair }}
      label={`Book this repair: ${phone} ${repair}`}
      className={`inline-block rounded-lg border-2 border-brand-600 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-brand-700 hover:bg-brand-50 ${className}`}
    >
      Book<span className="hidden sm:inline"> this repair</span>
    </EnquiryButton>
  );
}
