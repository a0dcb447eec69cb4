import { HOME_CAROUSEL_SIZE, HOME_GRID_SIZE, pageHeads, phoneBrands } from '@shop/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { ACCESSORIES_CATEGORY, SMART_PHONES_CATEGORY } from '../../../components/layout/menu.ts';
import { Icon } from '../../../components/layout/Icon.tsx';
import { errorMessage, query } from '../../../lib/api.ts';
import { useCategories, useModels } from '../../../lib/catalogue.ts';
import { useHead } from '../../../lib/head.ts';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { useProductPage } from '../api.ts';
import { ActionLink } from '../components/ActionLink.tsx';
import { CallArt, PhonesArt, RepairArt } from '../components/Artwork.tsx';
import { FilterTabs } from '../components/FilterTabs.tsx';
import { HeroSlider, type HeroSlide } from '../components/HeroSlider.tsx';
import { ProductCarousel } from '../components/ProductCarousel.tsx';
import { ProductSection } from '../components/ProductSection.tsx';
import { RepairShowcase } from '../components/RepairShowcase.tsx';


function SectionHeading({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <div className="mb-6 text-center">
      <h2 id={id} className="text-2xl font-bold text-ink sm:text-3xl">
        {title}
      </h2>
      <p className="mx-auto mt-2 max-w-2xl text-slate-600">{text}</p>
    </div>
  );
}

function ViewAll({ to, children }: { to: string; children: string }) {
  return (
    <div className="mt-8 text-center">
      <Link to={to} className="inline-flex items-center gap-1 rounded font-semibold text-brand-700 hover:underline">
        {children}
        <Icon name="chevronRight" />
      </Link>
    </div>
  );
}

interface FilteredGridProps {
  id: string;
  title: string;
  text: string;
  filterLabel: string;
  /** The tabs: one per brand or accessory category, after 'All'. */
  options: { id: string; label: string }[];
  /** Which listing the tabs filter, and how the chosen tab is sent to the API. */
  type: 'smartphone' | 'accessory';
  filterParam: 'model' | 'category';
  /** The listing's category query for the 'View all' link. */
  category: string;
  viewAll: (chosen: string | undefined) => string;
  eagerCount?: number;
  /** The section starts below a phone's first screen: its style and layout wait until it nears the viewport. */
  belowFold?: boolean;
}

/** A home page section: tabs over a grid of the newest products, and a link to the whole listing. */
function FilteredGrid({
  id,
  title,
  text,
  filterLabel,
  options,
  type,
  filterParam,
  category,
  viewAll,
  eagerCount,
  belowFold = false,
}: FilteredGridProps) {
  const [chosenId, setChosenId] = useState('');
  const products = useProductPage({ type, [filterParam]: chosenId || undefined, limit: HOME_GRID_SIZE });
  const chosen = options.find((o) => o.id === chosenId)?.label;
  return (
    <section aria-labelledby={id} className={`mx-auto max-w-7xl px-4 py-14 ${belowFold ? 'below-fold' : ''}`}>
      <SectionHeading id={id} title={title} text={text} />
      <div className="mb-8">
        <FilterTabs label={filterLabel} options={options} value={chosenId} onChange={setChosenId} />
      </div>
      <ProductSection
        products={products.data?.fetchProducts}
        isPending={products.isPending}
        error={products.error}
        eagerCount={eagerCount}
      />
      <ViewAll to={`/shop/product${query({ category, filter: chosen })}`}>{viewAll(chosen)}</ViewAll>
    </section>
  );
}

function BuySmartPhones() {
  const models = useModels();
  return (
    <FilteredGrid
      id="buy-phones-heading"
      title="Buy SmartPhones"
      text="The latest phones from the brands you love, ready to take home today."
      filterLabel="Filter phones by brand"
      options={phoneBrands(models.data).map((b) => ({ id: b._id, label: b.model }))}
      type="smartphone"
      filterParam="model"
      category={SMART_PHONES_CATEGORY}
      viewAll={(brand) => (brand ? `View all ${brand} phones` : 'View all phones')}
      eagerCount={1}
    />
  );
}

function BuyAccessories() {
  const categories = useCategories();
  return (
    <FilteredGrid
      id="buy-accessories-heading"
      title="Buy Phone Accessories"
      text="Cases, chargers, cables and screen protectors to go with your phone."
      filterLabel="Filter accessories by category"
      options={(categories.data ?? []).filter((c) => c.status).map((c) => ({ id: c._id, label: c.category }))}
      type="accessory"
      filterParam="category"
      category={ACCESSORIES_CATEGORY}
      viewAll={(name) => (name ? `View all ${name}` : 'View all accessories')}
      belowFold
    />
  );
}

function LatestProducts({ phone }: { phone: string }) {
  const products = useProductPage({ limit: HOME_CAROUSEL_SIZE });
  return (
    <section aria-labelledby="latest-heading" className="below-fold bg-slate-50 py-14">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="latest-heading" title="Latest Arrivals" text="Fresh in store this week." />
        {products.isPending ? (
          <Spinner label="Loading products" />
        ) : products.error ? (
          <EmptyState tone="error">{errorMessage(products.error, 'Error loading data')}</EmptyState>
        ) : (
          <ProductCarousel products={products.data?.fetchProducts ?? []} phone={phone} label="Product carousel" />
        )}
      </div>
    </section>
  );
}

export default function HomePage() {
  const shop = useShopInfo();
  useHead({
    ...pageHeads.home(shop.shopname),
    canonicalPath: '/shop/home',
  });
  const slides: HeroSlide[] = [
    {
      id: 'buy',
      title: 'Buy Phones',
      text: 'New smartphones from the big brands, with NHS and student discounts in store.',
      action: (
        <ActionLink to="/shop/product" variant="light">
          Shop phones
        </ActionLink>
      ),
      art: <PhonesArt />,
      tone: 'bg-gradient-to-br from-brand-700 to-ink',
    },
    {
      id: 'repair',
      title: 'Repair Phones',
      text: 'Screens, batteries, cameras and charging ports fixed fast, most while you wait.',
      action: (
        <ActionLink to="/shop/phonerepair" variant="light">
          See repair prices
        </ActionLink>
      ),
      art: <RepairArt />,
      tone: 'bg-gradient-to-br from-emerald-800 to-ink',
    },
    {
      id: 'call',
      title: 'Call Us Today',
      text: `Questions about a phone or a repair? Our team is happy to help on ${shop.phoneno}.`,
      action: (
        <ActionLink phone={shop.phoneno} variant="light">
          <Icon name="phone" />
          Call {shop.phoneno}
        </ActionLink>
      ),
      art: <CallArt />,
      tone: 'bg-gradient-to-br from-violet-800 to-ink',
    },
  ];
  return (
    <>
      <h1 className="sr-only">{shop.shopname}: phones, accessories and repairs</h1>
      <HeroSlider slides={slides} />
      <BuySmartPhones />
      <RepairShowcase />
      <BuyAccessories />
      <LatestProducts phone={shop.phoneno} />
    </>
  );
}
