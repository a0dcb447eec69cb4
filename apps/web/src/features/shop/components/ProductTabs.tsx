import { HOME_GRID_SIZE, type ProductsResponse } from '@shop/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { Icon } from '../../../components/layout/Icon.tsx';
import { api, query } from '../../../lib/api.ts';
import { FilterTabs, type TabOption } from './FilterTabs.tsx';
import { cardProduct, type CardProduct } from './ProductCard.tsx';
import { ProductSection } from './ProductSection.tsx';

export interface ProductTabsProps {
  id: string;
  title: string;
  text: string;
  filterLabel: string;
  /** The tabs: one per brand or accessory category, after 'All'. */
  options: TabOption[];
  /** Which listing the tabs filter, and how the chosen tab is sent to the API. */
  type: 'smartphone' | 'accessory';
  filterParam: 'model' | 'category';
  /** The listing's category query for the 'View all' link. */
  category: string;
  /** The 'View all' link's text, for all and for the chosen tab (its name for `{name}`). */
  viewAll: { all: string; chosen: string };
  /** The newest products of all, as the server drew them. */
  products: CardProduct[];
  eagerCount?: number;
  /** The section starts below a phone's first screen: its style and layout wait until it nears the viewport. */
  belowFold?: boolean;
}

/** A home page section's frame: its heading and text over `children`. */
export function TabsSection({
  id,
  title,
  text,
  belowFold = false,
  children,
}: Pick<ProductTabsProps, 'id' | 'title' | 'text' | 'belowFold'> & { children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`mx-auto max-w-7xl px-4 py-14 ${belowFold ? 'below-fold' : ''}`}>
      <div className="mb-6 text-center">
        <h2 id={id} className="text-2xl font-bold text-ink sm:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-slate-600">{text}</p>
      </div>
      {children}
    </section>
  );
}

/**
 * A home page section: tabs over a grid of the newest products, and a link to the whole listing. A tab's products
 * are asked for when it is first chosen, and kept for the page's life.
 */
export function ProductTabs({
  id,
  title,
  text,
  filterLabel,
  options,
  type,
  filterParam,
  category,
  viewAll,
  products,
  eagerCount,
  belowFold,
}: ProductTabsProps) {
  const [chosenId, setChosenId] = useState('');
  const [loaded, setLoaded] = useState<Record<string, CardProduct[]>>({ '': products });
  const [failed, setFailed] = useState<{ id: string; error: unknown } | null>(null);
  const shown = loaded[chosenId];

  useEffect(() => {
    if (shown) return;
    const asking = new AbortController();
    setFailed(null);
    api<ProductsResponse>(`/product/getall${query({ type, [filterParam]: chosenId, limit: HOME_GRID_SIZE, count: 'no' })}`, {
      signal: asking.signal,
    }).then(
      (res) => setLoaded((all) => ({ ...all, [chosenId]: res.fetchProducts.map(cardProduct) })),
      (error: unknown) => {
        if (!asking.signal.aborted) setFailed({ id: chosenId, error });
      },
    );
    return () => asking.abort();
  }, [chosenId, shown, type, filterParam]);

  const chosen = options.find((o) => o.id === chosenId)?.label;
  const error = failed?.id === chosenId ? failed.error : undefined;
  return (
    <TabsSection id={id} title={title} text={text} belowFold={belowFold}>
      <div className="mb-8">
        <FilterTabs id={`${id}-filter`} label={filterLabel} options={options} value={chosenId} onChange={setChosenId} />
      </div>
      <ProductSection products={shown} isPending={!shown && !error} error={error} eagerCount={eagerCount} />
      <div className="mt-8 text-center">
        <a
          href={`/shop/product${query({ category, filter: chosen })}`}
          className="inline-flex items-center gap-1 rounded font-semibold text-brand-700 hover:underline"
        >
          {chosen ? viewAll.chosen.replace('{name}', chosen) : viewAll.all}
          <Icon name="chevronRight" />
        </a>
      </div>
    </TabsSection>
  );
}
