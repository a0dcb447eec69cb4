import { SHOP_PAGES, pageHeads } from '@shop/shared';
import { use, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RenderHintsContext } from '../../../app/render-hints.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/layout/Icon.tsx';
import { Pagination } from '../../../components/Pagination.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useCategories, useModels } from '../../../lib/catalogue.ts';
import { useHead } from '../../../lib/head.ts';
import { useProductPage } from '../api.ts';
import type { CardLayout } from '../components/ProductCard.tsx';
import { ProductGrid } from '../components/ProductGrid.tsx';
import { SideFilter } from '../components/SideFilter.tsx';
import {
  SORT_OPTIONS,
  bannerTitle,
  changePage,
  changeSort,
  listingSearch,
  pageSizeFor,
  readListing,
  resolveListing,
  type ListingSort,
  type ListingState,
} from '../listing.ts';

const VIEW_KEY = 'shop:view';
const viewListeners = new Set<() => void>();

/** Grid or list, remembered on this device; a server-rendered page is a grid until the browser takes it over. */
function useViewPreference(): [CardLayout, (layout: CardLayout) => void] {
  const layout = useSyncExternalStore<CardLayout>(
    (listener) => {
      viewListeners.add(listener);
      return () => viewListeners.delete(listener);
    },
    () => (localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid'),
    () => 'grid',
  );
  return [
    layout,
    (next) => {
      localStorage.setItem(VIEW_KEY, next);
      for (const listener of viewListeners) listener();
    },
  ];
}

/**
 * Products per page: 10, or 5 on a narrow screen. A server-rendered page starts with the size the server
 * guessed from the request, and changes once in the browser if the window says otherwise.
 */
function usePageSize(): number {
  const hinted = use(RenderHintsContext).pageSize;
  const [limit, setLimit] = useState(() => hinted ?? pageSizeFor(window.innerWidth));
  useEffect(() => setLimit(pageSizeFor(window.innerWidth)), []);
  return limit;
}

export default function ProductListPage() {
  const [params, setParams] = useSearchParams();
  const state = readListing(params);
  const limit = usePageSize();
  const [layout, setLayout] = useViewPreference();
  const models = useModels();
  const categories = useCategories();
  const resolved = resolveListing(state, limit, { models: models.data, categories: categories.data });
  const products = useProductPage(resolved.apiQuery, { enabled: resolved.ready });
  const sortId = useId();
  const resultsTop = useRef<HTMLDivElement>(null);

  // The listing's address without its sort and page: its canonical, and what the sort form keeps.
  const unsorted = listingSearch({ ...state, sort: '', page: 1 });
  const canonical = unsorted.toString();
  useHead({
    ...pageHeads.listing(),
    canonicalPath: `/shop/product${canonical ? `?${canonical}` : ''}`,
  });

  const go = (next: ListingState) => setParams(listingSearch(next));
  const data = products.data;
  const pages = data?.pages ?? 1;
  const total = data?.total ?? data?.fetchProducts.length ?? 0;

  useEffect(() => {
    if (data && !products.isPlaceholderData && pages >= 1 && state.page > pages) {
      setParams(listingSearch(changePage(state, pages)), { replace: true });
    }
  }, [data, products.isPlaceholderData, pages, state, setParams]);

  const title = bannerTitle(resolved);
  const first = (state.page - 1) * limit + 1;
  const last = Math.min(state.page * limit, total);

  let results;
  if (products.isPending) results = <Spinner label="Loading products" />;
  else if (products.error) results = <EmptyState tone="error">{errorMessage(products.error, 'Error loading data')}</EmptyState>;
  else if (!data || data.fetchProducts.length === 0) results = <EmptyState>No products found.</EmptyState>;
  else
    results = (
      <ProductGrid
        products={data.fetchProducts}
        layout={layout}
        columns={layout === 'grid' ? 'grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3' : undefined}
        eagerCount={3}
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
    <>
      <div className="bg-gradient-to-r from-brand-700 to-ink text-white">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
          <nav aria-label="Breadcrumb" className="text-sm text-white/90">
            <ol className="flex flex-wrap gap-2">
              <li>
                <Link to="/shop/home" className="rounded underline-offset-2 hover:underline">
                  Home
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li>
                <Link to="/shop/product" className="rounded underline-offset-2 hover:underline">
                  Shop
                </Link>
              </li>
            </ol>
          </nav>
          <h1 className="mt-2 text-3xl font-extrabold break-words sm:text-4xl">{title}</h1>
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8 lg:flex-row">
        <aside className="lg:w-60 lg:shrink-0">
          {/* A native disclosure: it opens and closes before any script runs, and a tap on it re-renders nothing.
              From 1024 px the filters always show and the toggle hides. */}
          <details className="group lg:[&::details-content]:[content-visibility:visible]">
            <summary className="flex w-full cursor-pointer list-none items-center justify-between rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-ink lg:hidden [&::-webkit-details-marker]:hidden">
              Filters
              <Icon name="chevronDown" className="h-5 w-5 transition-transform group-open:rotate-180" />
            </summary>
            <div className="mt-4 rounded-2xl border border-slate-200 p-4 lg:mt-0">
              <SideFilter state={state} models={models.data} categories={categories.data} />
            </div>
          </details>
        </aside>
        <div className="min-w-0 flex-1 scroll-mt-36" ref={resultsTop}>
          <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
            <p className="min-h-5 w-full text-sm text-slate-700 sm:w-auto" aria-live="polite">
              {data && total > 0 ? `Showing ${first}–${last} of ${total} products` : ''}
            </p>
            <div className="flex items-center gap-2">
              <div role="group" aria-label="View" className="flex gap-1">
                {toggle('grid', 'Grid view')}
                {toggle('list', 'List view')}
              </div>
              {/* Also a form, sent with its button where there is no JavaScript: the same listing, sorted. */}
              <form
                method="get"
                action={SHOP_PAGES.listing}
                className="flex items-center gap-2"
                onSubmit={(e) => e.preventDefault()}
              >
                {[...unsorted].map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <label htmlFor={sortId} className="sr-only">
                  Sort by price
                </label>
                <select
                  id={sortId}
                  name="sort"
                  value={state.sort}
                  onChange={(e) => go(changeSort(state, e.target.value as ListingSort))}
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
          <div
            aria-busy={products.isPlaceholderData}
            className={products.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
          >
            {results}
          </div>
          <Pagination
            page={state.page}
            pages={pages}
            label="Product pages"
            onChange={(page) => {
              go(changePage(state, page));
              resultsTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            }}
          />
        </div>
      </div>
    </>
  );
}
