import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOOKING_DAYS_AHEAD,
  ENQUIRY_LIMITS,
  HONEYPOT_FIELD,
  SHOP_PAGES,
  addDays,
  bookingMessages,
  bookingTimes,
  canBookAhead,
  enquiryMessages,
  enquirySchema,
  minutesOf,
  ukTime,
  type Envelope,
  type EnquiryFormState,
  type EnquiryKind,
} from '@shop/shared';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../Button.tsx';
import { InputField, NativeSelectField, TextareaField } from '../Fields.tsx';
import { api, ApiError, errorMessage } from '../../lib/api.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useShopInfo } from '../../lib/shop-info.ts';
import { notify } from '../../lib/toast.ts';
import { contactPathOf, firstMessage, type EnquirySubject } from './subject.ts';

type Schema = ReturnType<typeof enquirySchema>;
type Values = z.input<Schema>;

const FIELDS = ['kind', 'name', 'phone', 'email', 'message', 'preferredDate', 'preferredTime', 'consent'] as const;
const FALLBACK = 'Sorry, your message could not be sent. Please try again, or call us.';

/**
 * What the visitor typed into a dialog's form and did not send, by what it is about, for the page's life: a dialog
 * closed by mistake (Escape, its Close button) opens again as it was left.
 */
const drafts = new Map<string, Values>();

/**
 * The enquiry and booking form: checked with the same rules (and messages) as the server, the shop's opening hours
 * included; the button ignores presses while sending (busy); a refusal shows in a toast and beside the fields, and
 * keeps what the visitor typed. `subject` fixes what it is about (a product or a repair); without one, the visitor
 * chooses between a question and a repair booking.
 *
 * It is a real form, posted to the contact page, so it is sent even when the app is not running (no JavaScript, or
 * sent before the app is live): the server answers with the page again, saying it was sent, or, refused, with what
 * the visitor typed and the messages (`refused`, shown until the form is sent again).
 */
export default function EnquiryForm({
  id: givenId,
  subject,
  refused,
  sent,
  onSent,
  keepDraft = false,
}: {
  /** Its fields' ids start with this, where they must be the same in the server's HTML and the browser's. */
  id?: string;
  subject?: EnquirySubject | undefined;
  refused?: EnquiryFormState | undefined;
  /** The page the server sends a visitor to once it has kept the form their browser sent (`/contact?sent=…`). */
  sent?: EnquiryKind | undefined;
  onSent?: () => void;
  /** Keeps what was typed when the form goes (its dialog closed), and starts from it when it comes back. */
  keepDraft?: boolean;
}) {
  const generatedId = useId();
  const uid = givenId ?? generatedId;
  const shop = useShopInfo();
  const schema = useMemo(() => enquirySchema(shop.hours, Date.now), [shop.hours]);
  const refusedValue = (field: string) => (typeof refused?.values[field] === 'string' ? (refused.values[field] as string) : '');
  const empty: Values = {
    kind: subject?.kind ?? 'enquiry',
    name: '',
    phone: '',
    email: '',
    message: subject ? firstMessage(subject) : '',
    preferredDate: '',
    preferredTime: '',
    consent: false as unknown as true,
  };
  const draftKey = contactPathOf(subject);
  const draft = keepDraft ? drafts.get(draftKey) : undefined;
  const defaults: Values = draft
    ? draft
    : refused
      ? {
          kind: subject?.kind ?? (refusedValue('kind') === 'booking' ? 'booking' : 'enquiry'),
          name: refusedValue('name'),
          phone: refusedValue('phone'),
          email: refusedValue('email'),
          message: refusedValue('message'),
          preferredDate: refusedValue('preferredDate'),
          preferredTime: refusedValue('preferredTime'),
          consent: (refused.values.consent === true) as true,
        }
      : empty;
  const trap = useRef<HTMLInputElement>(null);
  const form = useForm<Values, unknown, z.output<Schema>>({ resolver: zodResolver(schema), defaultValues: defaults });
  // Once sent, there is nothing to keep (its dialog closes).
  const sentFromHere = useRef(false);
  useEffect(() => {
    if (!keepDraft) return;
    return () => {
      if (sentFromHere.current) drafts.delete(draftKey);
      else drafts.set(draftKey, form.getValues());
    };
  }, [keepDraft, draftKey, form]);
  const { errors, submitCount } = form.formState;
  // The starting values are written into the HTML too, so a page the server drew shows them before the app runs.
  const typedIn = (
    field: 'name' | 'phone' | 'email' | 'message' | 'preferredDate' | 'preferredTime',
    options?: { onChange: () => void },
  ) => ({
    defaultValue: defaults[field] ?? '',
    ...form.register(field, options),
  });
  // The server's messages for a form the browser sent itself, until the visitor sends it again.
  const serverSaid = refused && submitCount === 0 ? refused : undefined;
  // The product or repair the form was about is no longer offered: said beside the message, as the app says it.
  const subjectRefused = refused?.fieldErrors.productId?.[0] ?? refused?.fieldErrors.repairId?.[0];
  const errorOf = (field: (typeof FIELDS)[number]) => {
    const said = serverSaid?.fieldErrors[field]?.[0] ?? (field === 'message' && serverSaid ? subjectRefused : undefined);
    return errors[field] ?? (said ? { message: said } : undefined);
  };
  const kind = form.watch('kind') as EnquiryKind;
  const date = form.watch('preferredDate') ?? '';

  // Sent once react-hook-form has finished with the submission (not awaited by it): resetting the form inside its
  // submission would be undone by its own last update.
  const [sending, setSending] = useState(false);
  // The product or repair was deleted since the page was drawn (or the server said so of the form the browser
  // sent): the form is then about what the message says, and sent to the general contact page.
  const [subjectGone, setSubjectGone] = useState(subjectRefused !== undefined);
  const about = subjectGone ? undefined : subject;
  const send = async (values: z.output<Schema>) => {
    setSending(true);
    try {
      const res = await api<Envelope>('/enquiry/create', {
        method: 'POST',
        body: {
          ...values,
          ...(about?.kind === 'enquiry' && about.productId ? { productId: about.productId } : {}),
          ...(about?.kind === 'booking' && about.repairId ? { repairId: about.repairId } : {}),
          [HONEYPOT_FIELD]: trap.current?.value ?? '',
        },
      });
      notify('success', res.message ?? 'Thank you!');
      sentFromHere.current = true;
      // The count of sends stays, so the messages of a form the server refused do not come back.
      form.reset(empty, { keepSubmitCount: true });
      onSent?.();
    } catch (err) {
      // The server's own words for a refusal; for its failure or none at all, the form's.
      notify('error', err instanceof ApiError && err.status > 0 && err.status < 500 ? errorMessage(err, FALLBACK) : FALLBACK);
      applyServerFieldErrors(err, FIELDS, form.setError, { productId: 'message', repairId: 'message' });
      if (err instanceof ApiError && (err.fieldErrors?.productId || err.fieldErrors?.repairId)) setSubjectGone(true);
    } finally {
      setSending(false);
    }
  };

  // The UK date now, for the date picker's range and today's times that have passed.
  const today = ukTime(Date.now());
  const times = date ? bookingTimes(shop.hours, date).filter((t) => date !== today.date || minutesOf(t) > today.minutes) : [];
  const id = (name: string) => `${uid}-${name}`;
  const booking = kind === 'booking';

  return (
    <form
      method="post"
      // The contact page about the same subject, scrolled to its form (ContactPage's heading), where the server's
      // answer is shown.
      action={`${contactPathOf(about)}#contact-form`}
      noValidate
      onSubmit={form.handleSubmit((values) => void send(values))}
      className="grid gap-4"
    >
      {sent && submitCount === 0 && (
        <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 font-semibold text-green-800">
          {sent === 'booking' ? enquiryMessages.booked : enquiryMessages.sent}
        </p>
      )}
      {serverSaid && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-semibold text-red-800">
          {serverSaid.message}
        </p>
      )}
      {subject && <input type="hidden" name="kind" value={subject.kind} />}
      {about?.kind === 'enquiry' && about.productId && <input type="hidden" name="productId" value={about.productId} />}
      {about?.kind === 'booking' && about.repairId && <input type="hidden" name="repairId" value={about.repairId} />}
      {!subject && (
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-800">What can we help with?</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(
              [
                ['enquiry', 'A question'],
                ['booking', 'Book a repair'],
              ] as const
            ).map(([value, text]) => (
              <label key={value} className="inline-flex min-h-11 items-center gap-2 text-slate-800">
                <input
                  type="radio"
                  value={value}
                  defaultChecked={defaults.kind === value}
                  className="h-5 w-5 accent-brand-600"
                  {...form.register('kind')}
                />
                {text}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <InputField
        id={id('name')}
        label="Your name"
        aria-required
        autoComplete="name"
        maxLength={ENQUIRY_LIMITS.name}
        error={errorOf('name')}
        {...typedIn('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id={id('phone')}
          label="Phone"
          type="tel"
          autoComplete="tel"
          maxLength={ENQUIRY_LIMITS.phone}
          hint="Or leave it and give your email."
          error={errorOf('phone')}
          {...typedIn('phone')}
        />
        <InputField
          id={id('email')}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={ENQUIRY_LIMITS.email}
          error={errorOf('email')}
          {...typedIn('email')}
        />
      </div>
      {booking && !canBookAhead(shop.hours, Date.now()) && (
        // Every day ahead closed (or closed for holidays): said before the visitor tries a day.
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900">
          {bookingMessages.noDays}
        </p>
      )}
      {booking && (
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            id={id('preferredDate')}
            label="Preferred day"
            aria-required
            type="date"
            min={today.date}
            max={addDays(today.date, BOOKING_DAYS_AHEAD)}
            error={errorOf('preferredDate')}
            {...typedIn('preferredDate', { onChange: () => form.setValue('preferredTime', '') })}
          />
          <NativeSelectField
            id={id('preferredTime')}
            label="Preferred time"
            aria-required
            options={times}
            placeholder={!date ? 'Choose a day first' : times.length ? 'Choose a time' : 'No times that day'}
            disabled={!date || times.length === 0}
            error={errorOf('preferredTime')}
            {...typedIn('preferredTime')}
          />
        </div>
      )}
      <TextareaField
        id={id('message')}
        label={booking ? 'Anything we should know?' : 'Your message'}
        aria-required
        rows={4}
        maxLength={ENQUIRY_LIMITS.message}
        error={errorOf('message')}
        {...typedIn('message')}
      />
      {/* Left empty by people, who never see it; filled in by robots, whose messages are then kept nowhere. */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor={id('website')}>Website</label>
        <input ref={trap} id={id('website')} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div>
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
            aria-required
            aria-invalid={errorOf('consent') ? true : undefined}
            aria-describedby={errorOf('consent') ? id('consent-error') : undefined}
            defaultChecked={defaults.consent}
            {...form.register('consent')}
          />
          <span>
            I agree to {shop.shopname} contacting me about this {booking ? 'booking' : 'enquiry'}, and to my details being kept as
            the{' '}
            <a href={SHOP_PAGES.privacy} target="_blank" className="font-semibold text-brand-700 underline">
              privacy notice
              <span className="sr-only"> (opens in a new tab)</span>
            </a>{' '}
            says.
          </span>
        </label>
        {errorOf('consent')?.message && (
          <p id={id('consent-error')} className="mt-1 text-sm text-red-700">
            {errorOf('consent')?.message}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full py-3 text-base sm:w-auto sm:justify-self-start" busy={sending}>
        {sending ? 'Sending…' : booking ? 'Send booking request' : 'Send enquiry'}
      </Button>
    </form>
  );
}
