import { useState } from 'react';
import { Icon } from '../layout/Icon.tsx';
import { useShopStatus } from '../../lib/shop-status.ts';
import { EnquiryButton } from './EnquiryButton.tsx';
import { subjectName, type EnquirySubject } from './subject.ts';
import { WhatsAppLink } from './WhatsAppLink.tsx';

const square =
  'relative z-10 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg border-2 border-brand-600 text-brand-700 hover:bg-brand-50';

/**
 * What a call-to-buy button gains while the shop is closed: an enquiry button and a WhatsApp link, as square icons.
 * `compact` (a product card, too narrow for both) leaves the WhatsApp link to the enquiry dialog. Its dialog, once
 * open, stays open as the shop opens, with what the visitor typed.
 */
export default function ClosedExtras({ subject, compact = false }: { subject: EnquirySubject; compact?: boolean }) {
  const status = useShopStatus();
  const about = subjectName(subject);
  const [writing, setWriting] = useState(false);
  if (!status || (status.open && !writing)) return null;
  // One group, so that where the row must wrap (a narrow phone) the two go to the next line together.
  return (
    <span className="flex gap-2">
      <EnquiryButton
        subject={subject}
        className={square}
        label={`Send an enquiry${about ? ` about ${about}` : ''}`}
        title="We're closed now: send an enquiry"
        onDialog={setWriting}
      >
        <Icon name="mail" className="h-5 w-5" />
      </EnquiryButton>
      {!compact && <WhatsAppLink subject={subject} className={square} />}
    </span>
  );
}
