import type { ReactNode } from 'react';
import { useShopInfo, whatsappHref } from '../../lib/shop-info.ts';
import { firstMessage, subjectName, type EnquirySubject } from './subject.ts';

const WHATSAPP_PATH =
  'M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm5.3 14.2c-.2.6-1.3 1.2-1.8 1.2-.5.1-1 .2-3.3-.7-2.8-1.1-4.6-4-4.7-4.2-.1-.2-1.1-1.5-1.1-2.9s.7-2 1-2.3c.3-.3.6-.3.8-.3h.6c.2 0 .4 0 .6.5l.9 2.1c.1.2.1.4 0 .5l-.3.5-.4.5c-.1.1-.3.3-.1.6.2.3.8 1.3 1.7 2.1 1.2 1 2.1 1.3 2.4 1.5.3.1.5.1.6-.1l.9-1c.2-.3.4-.2.6-.1l2 .9c.3.2.5.2.5.4.1.1.1.7-.1 1.2z';

/**
 * A WhatsApp chat with the shop in a new tab, the message already written and naming what it is about; nothing when
 * the shop has no WhatsApp number. Without children it is an icon whose name says where it goes.
 */
export function WhatsAppLink({
  subject,
  className = '',
  children,
}: {
  subject: EnquirySubject;
  className?: string;
  children?: ReactNode;
}) {
  const { whatsapp } = useShopInfo();
  if (!whatsapp) return null;
  return (
    <a
      href={whatsappHref(whatsapp, firstMessage(subject) || 'Hello, I have a question.')}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      aria-label={children ? undefined : `WhatsApp us about ${subjectName(subject) || 'your question'} (opens in a new tab)`}
      title={children ? undefined : 'WhatsApp us'}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="h-5 w-5 shrink-0">
        <path d={WHATSAPP_PATH} fill="currentColor" />
      </svg>
      {children}
    </a>
  );
}
