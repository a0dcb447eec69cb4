import {
  ENQUIRY_LIMITS,
  ENQUIRY_STATUSES,
  shopPath,
  ukInstantText,
  type Enquiry,
  type EnquiryStatus,
  type Envelope,
  type SavedResponse,
} from '@shop/shared';
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { api, errorMessage } from '../../../lib/api.ts';
import { telHref } from '../../../lib/shop-info.ts';
import { adminKeys } from '../api/keys.ts';
import { useAdminMutation } from '../api/mutations.ts';
import { useEnquiry } from '../api/queries.ts';
import { ConfirmButton } from '../components/ConfirmButton.tsx';
import { awaitingFreshRead } from '../components/EditRecordPage.tsx';
import { TrashIcon } from '../components/icons.tsx';
import { LeaveGuard } from '../components/LeaveGuard.tsx';
import { AdminPage, LinkButton, Panel } from '../components/Page.tsx';
import { useBackToList } from '../api/list-params.ts';
import { KIND_LABELS, STATUS_LABELS, StatusBadge, preferredText } from './labels.tsx';

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-slate-600">{term}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </div>
  );
}

const link = 'font-semibold text-brand-700 underline';

/**
 * The status and private note, saved together, with the enquiry's updatedAt as the form took them (and as its own
 * last save left it): the server refuses a save over another admin's change made since.
 */
function Handling({ enquiry }: { enquiry: Enquiry }) {
  const [status, setStatus] = useState<EnquiryStatus>(enquiry.status);
  const [note, setNote] = useState(enquiry.note);
  const [seen, setSeen] = useState(enquiry.updatedAt);
  // What the last save kept (the enquiry as opened, at first): leaving with anything else asks first.
  const [saved, setSaved] = useState({ status: enquiry.status, note: enquiry.note });
  const save = useAdminMutation({
    mutationFn: async () => {
      const sent = { status, note };
      const res = await api<SavedResponse<Enquiry>>(`/enquiry/update/${encodeURIComponent(enquiry._id)}`, {
        method: 'PUT',
        body: { ...sent, updatedAt: seen },
      });
      setSeen(res.data.updatedAt);
      setSaved(sent);
      return res;
    },
    invalidate: [adminKeys.enquiries],
    fallback: 'An error occurred',
  });
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!save.isPending) save.mutate(undefined);
      }}
    >
      <LeaveGuard unsaved={!save.isPending && (status !== saved.status || note !== saved.note)} />
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Status
        <select
          className="min-h-[42px] rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-ink sm:max-w-xs"
          value={status}
          onChange={(e) => setStatus(e.target.value as EnquiryStatus)}
        >
          {ENQUIRY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        Private note
        <textarea
          rows={4}
          maxLength={ENQUIRY_LIMITS.note}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className="w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-ink"
          aria-describedby="note-hint"
        />
        <span id="note-hint" className="font-normal text-slate-600">
          Only the shop sees it: who called back, what was agreed.
        </span>
      </label>
      <div>
        <Button type="submit" busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/** One enquiry or booking: everything the visitor sent (as text), how to answer, and the shop's status and note. */
export default function EnquiryPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const inbox = useBackToList('/admin/enquiries');
  const enquiry = useEnquiry(id);
  const client = useQueryClient();
  // The lists and the count, not the record deleted: read again, it would only answer 404 before the page leaves.
  const remove = useAdminMutation({
    mutationFn: () => api<Envelope>(`/enquiry/delete/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    invalidate: [adminKeys.enquiryLists, adminKeys.newEnquiries],
  });
  const removed = () => {
    navigate(inbox, { replace: true });
    client.removeQueries({ queryKey: adminKeys.enquiry(id), exact: true });
  };
  const e = enquiry.data;
  const heading = e ? `${e.kind === 'booking' ? 'Repair booking' : 'Enquiry'} from ${e.name}` : 'Enquiry';
  const back = (
    <LinkButton to={inbox}>
      <span aria-hidden="true">←</span> All enquiries
    </LinkButton>
  );

  if (awaitingFreshRead(enquiry)) {
    return (
      <AdminPage title="Enquiry" action={back}>
        <Spinner label="Loading the enquiry" />
      </AdminPage>
    );
  }
  if (!e) {
    return (
      <AdminPage title="Enquiry" action={back}>
        <EmptyState tone="error">{errorMessage(enquiry.error, 'Error loading data')}</EmptyState>
      </AdminPage>
    );
  }
  const when = preferredText(e);
  return (
    <AdminPage title="Enquiry" heading={heading} action={back}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Panel title="What they sent">
          <dl className="divide-y divide-slate-200">
            <Item term="Received">{ukInstantText(Date.parse(e.createdAt))}</Item>
            <Item term="Kind">{KIND_LABELS[e.kind]}</Item>
            <Item term="Status">
              <StatusBadge status={e.status} />
            </Item>
            <Item term="About">
              {e.productId ? (
                <Link to={shopPath('product', { id: e.productId })} className={link}>
                  {e.subject}
                </Link>
              ) : (
                e.subject || 'General'
              )}
            </Item>
            {when && <Item term="Preferred time">{when} (UK time)</Item>}
            <Item term="Name">{e.name}</Item>
            <Item term="Phone">
              {e.phone ? (
                <a href={telHref(e.phone)} className={link}>
                  {e.phone}
                </a>
              ) : (
                'Not given'
              )}
            </Item>
            <Item term="Email">
              {e.email ? (
                <a href={`mailto:${e.email}`} className={link}>
                  {e.email}
                </a>
              ) : (
                'Not given'
              )}
            </Item>
            <Item term="Message">
              <p className="whitespace-pre-wrap">{e.message}</p>
            </Item>
          </dl>
        </Panel>
        <div className="flex flex-col gap-6">
          <Panel title="Handling">
            {/* Kept through its own save (focus stays on Save); a new form only for another enquiry. */}
            <Handling key={e._id} enquiry={e} />
          </Panel>
          <Panel>
            <ConfirmButton
              label={`Delete the ${KIND_LABELS[e.kind].toLowerCase()} from ${e.name}`}
              title="Delete this enquiry?"
              message={`The ${KIND_LABELS[e.kind].toLowerCase()} from ${e.name} and your note on it will be deleted. This cannot be undone.`}
              confirmLabel="Delete"
              pending={remove.isPending}
              onConfirm={() => remove.mutate(undefined, { onSuccess: removed })}
            >
              <TrashIcon className="h-4 w-4" />
              Delete
            </ConfirmButton>
          </Panel>
        </div>
      </div>
    </AdminPage>
  );
}
