import { useShopStatus } from '../../lib/shop-status.ts';
import type { EnquirySubject } from './subject.ts';
import { WhatsAppLink } from './WhatsAppLink.tsx';

/** Whether the shop is open now and, while it is closed, a WhatsApp link about `subject` (when it has a number). */
export default function OpenNowLine({ subject }: { subject: EnquirySubject }) {
  const status = useShopStatus();
  if (!status) return null;
  return (
    <>
      {/* Wraps rather than losing its time beside the WhatsApp button on a narrow phone. */}
      <p className="min-w-0">
        <span
          aria-hidden="true"
          className={`mr-1.5 inline-block h-2 w-2 rounded-full ${status.open ? 'bg-green-500' : 'bg-red-500'}`}
        />
        {status.text}
      </p>
      {!status.open && (
        <WhatsAppLink
          subject={subject}
          className="inline-flex h-10 shrink-0 items-center gap-2 rounded-lg bg-green-700 px-3 font-semibold text-white hover:bg-green-800"
        >
          WhatsApp us<span className="sr-only"> (opens in a new tab)</span>
        </WhatsAppLink>
      )}
    </>
  );
}
