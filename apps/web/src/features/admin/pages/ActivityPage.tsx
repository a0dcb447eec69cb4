import {
  AUDIT_ENTITIES,
  formatGBP,
  formatUkDateTime,
  isDate,
  type AuditEntry,
  type AuditValue,
  type EnquiryStatus,
} from '@shop/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { InputField, NativeSelectField } from '../../../components/Fields.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { pageParam, useLastPage } from '../api/list-params.ts';
import { useAuditPage, useAuditUsers, type AuditFilters } from '../api/queries.ts';
import { AdminPage, Panel } from '../components/Page.tsx';
import { BLOG_STATUS_LABELS } from '../blog/labels.ts';
import { STATUS_LABELS } from '../enquiries/labels.tsx';

/** What each action reads as: 'Sam updated', 'Sam changed prices in bulk'. */
const ACTIONS: Record<AuditEntry['action'], string> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  archive: 'archived',
  restore: 'restored',
  'bulk-price': 'changed prices in bulk',
  import: 'imported',
  undo: 'undid a price change',
  'role-change': 'changed the role of',
  settings: 'changed the shop settings',
  'sign-in as admin': 'signed in as admin',
};

/** The fields' names as the forms call them; a name not here is shown as it is (a repair price's name). */
const FIELDS: Record<string, string> = {
  productname: 'Name',
  price: 'Price',
  stockquantity: 'Stock quantity',
  description: 'Description',
  model: 'Model',
  category: 'Category',
  repair: 'Repair',
  repaircategory: 'Repair category',
  availability: 'Availability',
  warranty: 'Warranty',
  discount: 'Discount',
  color: 'Colour',
  ram: 'RAM',
  rom: 'ROM',
  images: 'Pictures (alt text)',
  pictures: 'Pictures',
  status: 'Status',
  logo: 'Logo',
  shopname: 'Shop name',
  email: 'Email',
  phoneno: 'Phone number',
  address: 'Address',
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  name: 'Name',
  role: 'Role',
  title: 'Title',
  slug: 'Slug',
  excerpt: 'Excerpt',
  body: 'Body',
  publishedAt: 'Publish date',
  alt: 'Cover alt text',
  cover: 'Cover',
  image: 'Image',
  file: 'File',
  created: 'New',
  updated: 'Updated',
  unchanged: 'Unchanged',
  prices: 'Prices changed',
  newProducts: 'New products',
  updatedProducts: 'Updated products',
  restored: 'Restored',
  removed: 'Removed',
  restoredProducts: 'Restored products',
  removedProducts: 'Removed products',
  note: 'Private note',
  aliases: 'Other names',
  whatsapp: 'WhatsApp number',
  hours: 'Opening hours',
};

/** Counts, names and files of an import or bulk change; its other fields are prices named by their repair. */
const SUMMARY = new Set([
  'file',
  'created',
  'updated',
  'unchanged',
  'prices',
  'newProducts',
  'updatedProducts',
  'restored',
  'removed',
  'restoredProducts',
  'removedProducts',
]);

const isPrice = (entry: AuditEntry, key: string) =>
  key === 'price' ||
  (entry.entity === 'phone_repair' && ['bulk-price', 'undo', 'import'].includes(entry.action) && !SUMMARY.has(key));

/** A product's pictures in their order, as small pictures; one removed since is said to be. */
function Pictures({ urls }: { urls: string[] }) {
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  return (
    <span className="inline-flex flex-wrap gap-1 py-1 align-middle">
      {urls.map((url, i) =>
        gone.has(url) ? (
          <span key={url} className="inline-flex h-10 items-center px-1 text-xs">
            picture {i + 1}, since removed
          </span>
        ) : (
          <img
            key={url}
            src={url}
            alt={`Picture ${i + 1}`}
            width={40}
            height={40}
            loading="lazy"
            onError={() => setGone((was) => new Set(was).add(url))}
            className="h-10 w-10 rounded border border-slate-200 bg-white object-cover"
          />
        ),
      )}
    </span>
  );
}

function Value({ entry, field, value }: { entry: AuditEntry; field: string; value: AuditValue | undefined }) {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
    return <span className="text-slate-600">(none)</span>;
  }
  if (Array.isArray(value)) return field === 'pictures' ? <Pictures urls={value} /> : <>{value.join(', ')}</>;
  if (typeof value === 'number') return <>{isPrice(entry, field) ? formatGBP(value) : value.toLocaleString('en-GB')}</>;
  if (typeof value === 'boolean') return <>{value ? 'Yes' : 'No'}</>;
  if (/^\/media\/[a-f0-9]{64}\.webp$/.test(value)) {
    return (
      <a href={value} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
        new picture
      </a>
    );
  }
  if (field === 'publishedAt') return <>{formatUkDateTime(value)}</>;
  if (field === 'status' && entry.entity === 'enquiry') return <>{STATUS_LABELS[value as EnquiryStatus] ?? value}</>;
  if (field === 'status' && entry.entity === 'blog_post') {
    return <>{BLOG_STATUS_LABELS[value as keyof typeof BLOG_STATUS_LABELS] ?? value}</>;
  }
  if (value.length > 160) {
    return (
      <details>
        <summary className="cursor-pointer text-brand-700">{value.slice(0, 80)}…</summary>
        <p className="mt-1 whitespace-pre-wrap">{value}</p>
      </details>
    );
  }
  return <>{value}</>;
}

/** The entry's changed fields, each as it was and as it became. */
function Diff({ entry }: { entry: AuditEntry }) {
  const fields = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
  if (fields.length === 0) return null;
  const hasBefore = Object.keys(entry.before).length > 0;
  const hasAfter = Object.keys(entry.after).length > 0;
  return (
    <dl className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
      {fields.map((field) => {
        // An import's or a bulk change's counts and file describe the change itself: they had no value before it.
        const before = hasBefore && !(SUMMARY.has(field) && !(field in entry.before));
        return (
          <div key={field} className="grid gap-1 px-3 py-2 sm:grid-cols-[minmax(8rem,14rem)_1fr]">
            <dt className="font-semibold text-slate-700">{FIELDS[field] ?? field}</dt>
            <dd className="flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-1 wrap-anywhere text-ink">
              {before && (
                <span className="rounded bg-red-50 px-1.5 text-red-900">
                  <span className="sr-only">Before: </span>
                  <Value entry={entry} field={field} value={entry.before[field]} />
                </span>
              )}
              {before && hasAfter && <span aria-hidden="true">→</span>}
              {hasAfter && (
                <span className="rounded bg-green-50 px-1.5 text-green-900">
                  <span className="sr-only">After: </span>
                  <Value entry={entry} field={field} value={entry.after[field]} />
                </span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** What the entry did to what, after the admin's name: 'updated repair price', 'changed prices in bulk:'. */
function whatWasDone(entry: AuditEntry): string {
  const kind = (AUDIT_ENTITIES[entry.entity] ?? entry.entity).toLowerCase();
  switch (entry.action) {
    case 'bulk-price':
      return `${ACTIONS[entry.action]}:`;
    case 'undo':
      return entry.entity === 'product' ? 'undid a product import:' : `${ACTIONS[entry.action]}:`;
    case 'import':
      return `imported ${entry.entity === 'product' ? 'products' : 'repair prices'}:`;
    case 'settings':
    case 'role-change':
    case 'sign-in as admin':
      return ACTIONS[entry.action];
    default:
      return `${ACTIONS[entry.action]} ${kind}`;
  }
}

function Entry({ entry }: { entry: AuditEntry }) {
  const signIn = entry.action === 'sign-in as admin';
  const what = whatWasDone(entry);
  return (
    <li className="py-4">
      <article aria-label={`${entry.user.name} ${what}${signIn ? '' : ` ${entry.label}`}`}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <p className="min-w-0 wrap-anywhere text-ink">
            <strong>{entry.user.name}</strong> <span className="text-slate-600">({entry.user.email})</span> {what}
            {!signIn && (
              <>
                {' '}
                <strong>“{entry.label}”</strong>
              </>
            )}
          </p>
          <time dateTime={entry.at} className="text-sm whitespace-nowrap text-slate-600">
            {formatUkDateTime(entry.at)}
          </time>
        </div>
        <Diff entry={entry} />
      </article>
    </li>
  );
}

/** The Activity page: the history of every change, newest first, by admin, kind of record and days. */
export default function ActivityPage() {
  const [params, setParams] = useSearchParams();
  // A value the filters do not know (an old or edited address) filters nothing, rather than showing the API's refusal.
  const entity = params.get('entity') ?? '';
  const date = (key: 'from' | 'to') => {
    const value = params.get(key) ?? '';
    return isDate(value) ? value : '';
  };
  const filters: AuditFilters = {
    page: pageParam(params),
    // An account's id is short: a longer one names none.
    user: (params.get('user') ?? '').slice(0, 64),
    entity: Object.hasOwn(AUDIT_ENTITIES, entity) ? entity : '',
    from: date('from'),
    to: date('to'),
  };
  const list = useAuditPage(filters);
  const users = useAuditUsers();
  const filtered = Boolean(filters.user || filters.entity || filters.from || filters.to);
  const setFilter = (key: keyof AuditFilters, value: string) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (key !== 'page') out.delete('page');
        if (value && !(key === 'page' && value === '1')) out.set(key, value);
        else out.delete(key);
        return out;
      },
      { replace: key !== 'page' },
    );
  const pages = list.data?.pages ?? 1;
  useLastPage(list, filters.page);
  const entries = list.data?.fetchAudit ?? [];
  const total = list.data?.total ?? entries.length;
  return (
    <AdminPage title="Activity">
      <Panel title="Filter">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <NativeSelectField
            label="Who"
            name="activity-user"
            placeholder="Everyone"
            options={[
              ...(users.data ?? []).map((u) => ({ value: u._id, label: `${u.name} (${u.email})` })),
              // An account the list does not name (from an old address) shows as chosen, so Everyone clears it.
              ...(filters.user && users.data && !users.data.some((u) => u._id === filters.user)
                ? [{ value: filters.user, label: 'Another account' }]
                : []),
            ]}
            value={filters.user}
            onChange={(e) => setFilter('user', e.target.value)}
          />
          <NativeSelectField
            label="What"
            name="activity-entity"
            placeholder="Everything"
            options={Object.entries(AUDIT_ENTITIES).map(([value, label]) => ({ value, label }))}
            value={filters.entity}
            onChange={(e) => setFilter('entity', e.target.value)}
          />
          <InputField
            label="From"
            name="activity-from"
            type="date"
            value={filters.from}
            onChange={(e) => setFilter('from', e.target.value)}
          />
          <InputField
            label="To"
            name="activity-to"
            type="date"
            value={filters.to}
            onChange={(e) => setFilter('to', e.target.value)}
          />
        </div>
      </Panel>
      <Panel>
        <h2 className="sr-only">Changes, newest first</h2>
        {list.isPending ? (
          <Spinner label="Loading activity" />
        ) : list.isError ? (
          <EmptyState tone="error">{errorMessage(list.error, 'Error loading data')}</EmptyState>
        ) : entries.length === 0 ? (
          <EmptyState>
            {filtered
              ? 'No activity matches these filters.'
              : filters.page > 1
                ? 'No activity on this page.'
                : 'No activity yet.'}
          </EmptyState>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              {total.toLocaleString('en-GB')} {total === 1 ? 'change' : 'changes'}, kept for two years.
            </p>
            <ol className="divide-y divide-slate-200">
              {entries.map((e) => (
                <Entry key={e._id} entry={e} />
              ))}
            </ol>
          </>
        )}
        <Pagination page={filters.page} pages={pages} onChange={(n) => setFilter('page', String(n))} label="Activity pages" />
      </Panel>
    </AdminPage>
  );
}
