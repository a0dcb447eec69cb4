import type { ReactNode } from 'react';
import { Island } from '../../../app/island.tsx';
import type { EnquirySubject } from '../../../components/enquiry/subject.ts';
import { ActionLink } from './ActionLink.tsx';

/**
 * A call-to-buy button that dials the shop. While the shop is closed (by the visitor's clock, known once the page is
 * live) it is joined by an enquiry button and, when the shop has a WhatsApp number, a WhatsApp link with the message
 * already written: square buttons in the same row, so nothing around it moves. `compact` (a product card) shows the
 * enquiry button only; its dialog offers the WhatsApp link.
 */
export function CallToBuy({
  phone,
  subject,
  compact = false,
  className = '',
  children,
}: {
  phone: string;
  subject: EnquirySubject;
  compact?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2">
      <ActionLink phone={phone} className={`relative z-10 ${className}`}>
        {children}
      </ActionLink>
      <Island part="closed-extras" subject={subject} compact={compact} />
    </div>
  );
}
