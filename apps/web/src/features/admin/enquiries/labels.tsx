import { ukDateTimeText, type Enquiry, type EnquiryKind, type EnquiryStatus } from '@shop/shared';

export const STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  booked: 'Booked',
  done: 'Done',
  spam: 'Spam',
};

export const KIND_LABELS: Record<EnquiryKind, string> = { enquiry: 'Enquiry', booking: 'Repair booking' };

export const STATUS_STYLES: Record<EnquiryStatus, string> = {
  new: 'bg-red-100 text-red-800',
  contacted: 'bg-amber-100 text-amber-900',
  booked: 'bg-brand-100 text-brand-700',
  done: 'bg-green-100 text-green-800',
  spam: 'bg-slate-200 text-slate-700',
};

export function StatusBadge({ status }: { status: EnquiryStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_STYLES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/** A booking's day and time, 'Tue 3 Jun 2025 at 10:30'; '' for an enquiry. */
export const preferredText = (e: Enquiry) =>
  e.preferredDate && e.preferredTime ? ukDateTimeText(e.preferredDate, e.preferredTime) : '';
