import type { ReactNode } from 'react';
import { Icon } from '../layout/Icon.tsx';
import { useShopInfo, whatsappHref } from '../../lib/shop-info.ts';
import { firstMessage, subjectName, type EnquirySubject } from './subject.ts';

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
      <Icon name="whatsapp" className="h-5 w-5" />
      {children}
    </a>
  );
}
