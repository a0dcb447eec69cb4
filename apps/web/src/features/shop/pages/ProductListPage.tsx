import { listingCanonical, pageHeads } from '@shop/shared';
import { use, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Island } from '../../../app/island.tsx';
import { RenderHintsContext } from '../../../app/render-hints.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/layout/Icon.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useCategories, useModels } from '../../../lib/catalogue.ts';
import { useHead } from '../../../lib/head.ts';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { useProductPage } from '../api.ts';
import { cardProduct } from '../components/ProductCard.tsx';
import { SideFilter } from '../components/SideFilter.tsx';
import { bannerTitle, pageSizeFor, pageSizeHere, readListing, resolveListing } from '../listing.ts';

/**
 * Products per page: 10, or 5 on a narrow screen. A server-rendered page starts with the size the server
 * guessed from the request, and changes once in the browser if the window says otherwise.
 */
function usePageSize(): number {
  const hinted = use(RenderHintsContext).pageSize;
  const [limit, setLimit] = useState(() => hinted ?? pageSizeFor(window.innerWidth));
  useEffect(() => setLimit(pageSizeHere()), []);
  return limit;
}

export default function ProductListPage() {
  const [params] = useSearchParams();
  const state = readListing(params);
  const limit = usePageSize();
  const models = useModels();
  const categories = useCategories();
  // A list that could not be loaded names nothing: the filter is then sent as a brand's name.
  const resolved = resolveListing(state, limit, {
    models: models.data ?? (models.isError ? [] : undefined),
    categories: categories.data ?? (categories.isError ? [] : undefined),
  });
  const products = useProductPage(resolved.apiQuery, { enabled: resolved.ready });

  // As the server names it, once the brands and categories are known (they are on a page the server drew).
  const canonical = models.data && categories.data ? listingCanonical(resolved, state.filter) : undefined;
  const shop = useShopInfo();
  const head = pageHeads.listing(shop.shopname, canonical && !canonical.noindex ? resolved : { group: null });
  useHead({ ...head, canonicalPath: canonical?.path, noindex: canonical?.noindex });

  const data = products.data;
  let results;
  if (products.isPending) results = <Spinner label="Loading products" />;
  else if (products.error) results = <EmptyState tone="error">{errorMessage(products.error, 'Error loading data')}</EmptyState>;
  else
    results = (
      <Island
        part="listing-results"
        state={state}
        products={data!.fetchProducts.map(cardProduct)}
        total={data!.total ?? data!.fetchProducts.length}
        pages={data!.pages ?? 1}
        limit={limit}
        apiQuery={resolved.apiQuery}
      />
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
          <h1 className="mt-2 text-3xl font-extrabold break-words sm:text-4xl">{bannerTitle(resolved)}</h1>
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
        {results}
      </div>
    </>
  );
}
