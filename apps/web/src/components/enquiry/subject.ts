import { contactPath } from '@shop/shared';

/**
 * What an enquiry is about, as the page that offers it knows it: a product (or nothing, from the contact page), or a
 * repair of a phone. The form, its dialog and the WhatsApp link all word it from here.
 */
export type EnquirySubject =
  | { kind: 'enquiry'; productId?: string | undefined; product?: string | undefined; topic?: string | undefined }
  | { kind: 'booking'; repairId?: string | undefined; phone: string; repair: string };

/** 'Apple iPhone 15', 'Pixel 8 – Screen Repair', the topic ('Apple phone repairs'), or '' for a general enquiry. */
export function subjectName(s: EnquirySubject): string {
  return s.kind === 'booking' ? `${s.phone} – ${s.repair} Repair` : (s.product ?? s.topic ?? '');
}

/** The message the form starts with, which the visitor can change. */
export function firstMessage(s: EnquirySubject): string {
  if (s.kind === 'booking') return `Hello, I'd like to book this repair: ${subjectName(s)}.`;
  if (s.product) return `Hello, I'm interested in the ${s.product}. Is it available?`;
  return s.topic ? `Hello, I have a question about ${s.topic}.` : '';
}

/** The contact page with its form about the subject (the general form without one). */
export function contactPathOf(s: EnquirySubject | undefined): string {
  if (!s) return contactPath();
  return contactPath(s.kind === 'booking' ? { repairId: s.repairId } : { productId: s.productId });
}
