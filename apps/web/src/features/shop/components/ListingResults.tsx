import {
  listingParams,
  listingQuery,
  SHOP_PAGES,
  type ListingSort,
  type ListingState,
  type ProductsResponse,
} from '@shop/shared';
import { use, useEffect, useState, useSyncExternalStore } from 'react';
import { RenderHintsContext } from '../../../app/render-hints.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/layout/Icon.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { api, errorMessage, query } from '../../../lib/api.ts';
import { hasCookie, setCookie } from '../../../lib/cookies.ts';
import { changePage, changeSort, pageSizeHere, SORT_OPTIONS, windowsFor } from '../listing.ts';
import { cardProduct, type CardLayout, type CardProduct } from './ProductCard.tsx';
import { ProductGrid } from './ProductGrid.tsx';
import { openPage, replacePage } from '../../../lib/pages.ts';

const viewListeners = new Set<() => void>();
const savedView = (): CardLayout => (hasCookie('view', 'list') ? 'list' : 'grid');

/**
 * Grid or list, remembered on this device for a year in a cookie, which the server draws the listing by too
 * (apps/api/src/plugins/web.ts), so the page opens in the chosen view and does not change when the app takes it over.
 */
function useViewPreference(): [CardLayout, (layout: CardLayout) => void] {
  const drawnIn = use(RenderHintsContext).view;
  const layout = useSyncExternalStore<CardLayout>(
    (listener) => {
      viewListeners.add(listener);
      return () => viewListeners.delete(listener);
    },
    savedView,
    () => drawnIn ?? savedView(),
  );
  return [
    layout,
    (next) => {
      setCookie('view', next, 365 * 24 * 60 * 60);
      for (const listener of viewListeners) listener();
    },
  ];
}

/** The address of the listing's page for `state`, a page of its own loaded as a document (with `results`, scrolled to them). */
function addressOf(state: ListingState, results = false): string {
  const search = listingQuery(state);
  return `${SHOP_PAGES.listing}${search ? `?${search}` : ''}${results ? '#products' : ''}`;
}

interface Page {
  products: CardProduct[];
  total: number;
  pages: number;
}

interface Props extends Page {
  state: ListingState;
  /** The page size the page was drawn at, and the query it was drawn from (api/product/getall). */
  limit: number;
  apiQuery: Record<string, string | number | undefined>;
}

/**
 * The listing's results: how many, grid or list, the sort, the products and the pages. A sort or a page is a page of
 * its own; the view is this device's. The server guesses the page size from the request (10, or 5 on a phone): a
 * window that says otherwise has its page asked for again, once.
 */
export function ListingResults({ state, limit: drawnAt, apiQuery, ...drawn }: Props) {
  const [layout, setLayout] = useViewPreference();
  const [resized, setResized] = useState<(Page & { limit: number }) | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [limit, setLimit] = useState(drawnAt);
  const { products, total, pages } = resized ?? drawn;
  const loading = limit !== (resized?.limit ?? drawnAt) && !error;

  useEffect(() => setLimit(pageSizeHere()), []);
  useEffect(() => {
    if (limit === drawnAt) return;
    api<ProductsResponse>(`/product/getall${query({ ...apiQuery, limit })}`).then(
      (res) =>
        setResized({
          limit,
          products: res.fetchProducts.map(cardProduct),
          total: res.total ?? res.fetchProducts.length,
          pages: res.pages ?? 1,
        }),
      setError,
    );
  }, [limit, drawnAt, apiQuery]);
  // A page past the last (the products changed since the link was made) is replaced by the last: by the server
  // before it sends the page, or by the browser once the page is drawn at a window's other size.
  const lastPage = !loading && pages >= 1 && state.page > pages ? addressOf(changePage(state, pages)) : undefined;
  const replace = use(RenderHintsContext).replace;
  if (lastPage) replace?.(lastPage);
  useEffect(() => {
    if (lastPage) replacePage(lastPage);
  }, [lastPage]);

  // The listing's address without its sort and page: what the sort form keeps.
  const unsorted = listingParams({ ...state, sort: '', page: 1 });
  const first = (state.page - 1) * limit + 1;
  const last = Math.min(state.page * limit, total);

  let results;
  if (error) results = <EmptyState tone="error">{errorMessage(error, 'Error loading data')}</EmptyState>;
  else if (products.length === 0) results = <EmptyState>No products found.</EmptyState>;
  else
    results = (
      <ProductGrid
        products={products}
        layout={layout}
        columns={layout === 'grid' ? 'grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3' : undefined}
        eagerCount={1}
      />
    );

  const toggle = (value: CardLayout, label: string) => (
    <button
      type="button"
      aria-pressed={layout === value}
      onClick={() => setLayout(value)}
      className={`rounded-lg border p-2 ${layout === value ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
    >
      <Icon name={value} className="h-5 w-5" />
      <span className="sr-only">{label}</span>
    </button>
  );

  return (
    <div id="products" className="min-w-0 flex-1 scroll-mt-36" data-drawn-for={windowsFor(drawnAt)}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <p className="min-h-5 w-full text-sm text-slate-700 sm:w-auto" aria-live="polite">
          {total > 0 && !loading ? `Showing ${first}–${last} of ${total} ${total === 1 ? 'product' : 'products'}` : ''}
        </p>
        <div className="flex items-center gap-2">
          <div role="group" aria-label="View" className="flex gap-1" data-needs-script="">
            {toggle('grid', 'Grid view')}
            {toggle('list', 'List view')}
          </div>
          {/* Also a form, sent with its button where there is no JavaScript: the same listing, sorted. */}
          <form method="get" action={SHOP_PAGES.listing} className="flex items-center gap-2" onSubmit={(e) => e.preventDefault()}>
            {unsorted.map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <label htmlFor="listing-sort" className="sr-only">
              Sort by price
            </label>
            <select
              id="listing-sort"
              name="sort"
              value={state.sort}
              onChange={(e) => openPage(addressOf(changeSort(state, e.target.value as ListingSort)))}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink"
            >
              {SORT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <noscript>
              <button
                type="submit"
                className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-ink hover:bg-slate-50"
              >
                Sort
              </button>
            </noscript>
          </form>
        </div>
      </div>
      <h2 className="sr-only">Products</h2>
      <div aria-busy={loading} className={loading ? 'opacity-60 transition-opacity' : ''}>
        {results}
      </div>
      <Pagination
        page={state.page}
        pages={pages}
        label="Product pages"
        href={(page) => addressOf(changePage(state, page), true)}
      />
    </div>
  );
}
