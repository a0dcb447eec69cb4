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
 * `compact` (a product card, too narrow for both) leaves the WhatsApp link to the enquiry dialog. As the shop opens,
 * its dialog, once open, stays open with what the visitor typed, and a button holding the focus (the one a closed
 * dialog hands it back to) stays until the visitor moves on, so the focus is never dropped to the top of the page.
 */
export default function ClosedExtras({ subject, compact = false }: { subject: EnquirySubject; compact?: boolean }) {
  const status = useShopStatus();
  const about = subjectName(subject);
  const [writing, setWriting] = useState(false);
  const [focused, setFocused] = useState(false);
  if (!status || (status.open && !writing && !focused)) return null;
  // One group, so that where the row must wrap (a narrow phone) the two go to the next line together.
  return (
    <span
      className="flex gap-2"
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        // Moving within the group is not leaving it, nor is the window losing the focus (another tab): the button
        // keeps it for when the visitor comes back.
        const group = event.currentTarget;
        if (!group.contains(event.relatedTarget) && !group.contains(document.activeElement)) setFocused(false);
      }}
    >
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
