import {
  formatGBP,
  pageHeads,
  SEARCH_KINDS,
  SEARCH_LIMIT_MAX,
  SEARCH_TEXT_MAX,
  SEARCH_TEXT_TOO_LONG,
  shopPath,
  type SearchKind,
  type SearchResult,
  phoneBrands,
} from '@shop/shared';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Island } from '../../../app/island.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { query } from '../../../lib/api.ts';
import { useModels } from '../../../lib/catalogue.ts';
import { useHead } from '../../../lib/head.ts';
import { SEARCH_MIN_LENGTH, repairPrice, useSearch } from '../../../lib/search.ts';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { serverMessage } from '../api.ts';

/** The results' groups; a group comes where its best result ranks. */
const HEADINGS: Record<SearchKind, string> = { repair: 'Repair prices', brand: 'Brands', product: 'Phones and accessories' };

const priceLine = (r: SearchResult) =>
  r.price === undefined ? 'See repair prices' : r.kind === 'repair' ? repairPrice(r, r.price) : formatGBP(r.price);

/** The repair brands, offered when a search finds nothing (or before anything is searched for). */
function RepairBrands() {
  const brands = phoneBrands(useModels().data);
  if (brands.length === 0) return null;
  return (
    <section aria-labelledby="repair-brands" className="mt-8">
      <h2 id="repair-brands" className="mb-4 text-xl font-bold text-ink">
        Find your repair by brand
      </h2>
      <ul className="flex flex-wrap gap-2">
        {brands.map((b) => (
          <li key={b._id}>
            <Link
              to={shopPath('repairBrand', { brand: b.slug })}
              className="inline-block rounded-xl border border-slate-200 bg-white px-4 py-2 font-semibold text-ink hover:border-brand-600 hover:bg-brand-50"
            >
              {b.model}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /search?q=: every result of a search, grouped by kind; server-rendered, and kept out of search engines. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const given = params.get('kind');
  const kind = SEARCH_KINDS.find((k) => k === given);
  const shop = useShopInfo();
  // Too long to be asked for: said as the page is drawn, on the server too, rather than once the app asks.
  const tooLong = q.length > SEARCH_TEXT_MAX;
  const search = useSearch(tooLong ? '' : q, { kind, limit: SEARCH_LIMIT_MAX });
  useHead({ ...pageHeads.search(shop.shopname, q), canonicalPath: `/search${query({ q })}`, noindex: true });

  let content;
  if (q.length < SEARCH_MIN_LENGTH) {
    content = (
      <>
        <p className="text-lg text-slate-700">
          Type a phone, a model number or a product to search the shop: ‘iPhone 13 screen’ finds that repair’s price.
        </p>
        <RepairBrands />
      </>
    );
  } else if (tooLong) content = <EmptyState tone="error">{SEARCH_TEXT_TOO_LONG}</EmptyState>;
  else if (search.isPending) content = <Spinner label="Searching" />;
  else if (search.error) content = <EmptyState tone="error">{serverMessage(search.error, 'Something went wrong')}</EmptyState>;
  else if (search.data.length === 0) {
    content = (
      <>
        <p className="text-lg text-slate-700">No results for &ldquo;{q}&rdquo;.</p>
        <RepairBrands />
      </>
    );
  } else {
    const found = search.data;
    content = (
      <>
        <p className="text-slate-700" role="status">
          {found.length < SEARCH_LIMIT_MAX ? (
            <>
              {found.length} {found.length === 1 ? 'result' : 'results'} for &ldquo;{q}&rdquo;
            </>
          ) : (
            // The search answers its best matches, at most SEARCH_LIMIT_MAX (docs/decisions/0024-shop-search.md).
            <>
              The {found.length} best matches for &ldquo;{q}&rdquo;: add a word, such as a brand or a model, to narrow
              them
            </>
          )}
          {kind && (
            <>
              {' '}
              ·{' '}
              <Link to={`/search${query({ q })}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                Show all results
              </Link>
            </>
          )}
        </p>
        {[...new Set(found.map((r) => r.kind))].map((group) => {
          const items = found.filter((r) => r.kind === group);
          return (
            <section key={group} aria-labelledby={`results-${group}`} className="mt-8">
              <h2 id={`results-${group}`} className="mb-4 text-xl font-bold text-ink">
                {HEADINGS[group]}
              </h2>
              <ul className="grid gap-3 sm:grid-cols-2">
                {items.map((r) => (
                  <li key={r.url}>
                    <Link
                      to={r.url}
                      className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-3 hover:border-brand-600 hover:bg-brand-50"
                    >
                      {r.image ? (
                        <img
                          src={r.image}
                          alt=""
                          width={56}
                          height={56}
                          loading="lazy"
                          className="h-14 w-14 shrink-0 rounded-lg object-contain"
                        />
                      ) : (
                        <span className="h-14 w-14 shrink-0 rounded-lg bg-slate-100" />
                      )}
                      <span className="min-w-0">
                        <span className="block font-semibold break-words text-ink">{r.title}</span>
                        <span className="block text-slate-600">{priceLine(r)}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </>
    );
  }

  return (
    <>
      <div className="bg-gradient-to-r from-brand-700 to-ink text-white">
        <div className="mx-auto max-w-4xl px-4 py-10 sm:py-12">
          <h1 className="text-3xl font-extrabold sm:text-4xl">Search</h1>
          <Island
            part="search"
            key={q}
            id="page-search"
            placeholder="e.g. iPhone 13 screen or A2633"
            defaultValue={q}
            className="mt-4 max-w-xl text-ink"
          />
        </div>
      </div>
      <div className="mx-auto max-w-4xl px-4 py-10">{content}</div>
    </>
  );
}
