import {
  ACCESSORIES_CATEGORY,
  HOME_CAROUSEL_SIZE,
  HOME_GRID_SIZE,
  pageHeads,
  phoneBrands,
  SMART_PHONES_CATEGORY,
} from '@shop/shared';
import { Island } from '../../../app/island.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useCategories, useModels } from '../../../lib/catalogue.ts';
import { useHead } from '../../../lib/head.ts';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { useProductPage } from '../api.ts';
import { HomeSlider } from '../components/HomeSlider.tsx';
import { cardProduct } from '../components/ProductCard.tsx';
import { ProductSection } from '../components/ProductSection.tsx';
import { TabsSection, type ProductTabsProps } from '../components/ProductTabs.tsx';
import { RepairShowcase } from '../components/RepairShowcase.tsx';

/** A section's tabs, but for the products, which it loads. */
type TabsProps = Omit<ProductTabsProps, 'products'>;

/**
 * A section of tabs over the newest products (ProductTabs), drawn from the server's first answer; until it has come
 * (or when it failed), the section's heading over its state.
 */
function FilteredGrid(props: TabsProps) {
  const products = useProductPage({ type: props.type, limit: HOME_GRID_SIZE, count: 'no' });
  if (products.data) return <Island part="product-tabs" {...props} products={products.data.fetchProducts.map(cardProduct)} />;
  return (
    <TabsSection {...props}>
      <ProductSection products={undefined} isPending={products.isPending} error={products.error} />
    </TabsSection>
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
      viewAll={{ all: 'View all phones', chosen: 'View all {name} phones' }}
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
      viewAll={{ all: 'View all accessories', chosen: 'View all {name}' }}
      belowFold
    />
  );
}

function LatestProducts({ phone }: { phone: string }) {
  const products = useProductPage({ limit: HOME_CAROUSEL_SIZE, count: 'no' });
  return (
    <section aria-labelledby="latest-heading" className="below-fold bg-slate-50 py-14">
      <div className="mx-auto max-w-7xl px-4">
        <div className="mb-6 text-center">
          <h2 id="latest-heading" className="text-2xl font-bold text-ink sm:text-3xl">
            Latest Arrivals
          </h2>
          <p className="mx-auto mt-2 max-w-2xl text-slate-600">Fresh in store this week.</p>
        </div>
        {products.isPending ? (
          <Spinner label="Loading products" />
        ) : products.error ? (
          <EmptyState tone="error">{errorMessage(products.error, 'Error loading data')}</EmptyState>
        ) : (
          <Island
            part="product-carousel"
            products={(products.data?.fetchProducts ?? []).map(cardProduct)}
            phone={phone}
            label="Product carousel"
          />
        )}
      </div>
    </section>
  );
}

export default function HomePage() {
  const shop = useShopInfo();
  const models = useModels();
  useHead({
    ...pageHeads.home(shop.shopname),
    canonicalPath: '/shop/home',
  });
  return (
    <>
      <h1 className="sr-only">{shop.shopname}: phones, accessories and repairs</h1>
      <HomeSlider phone={shop.phoneno} />
      <BuySmartPhones />
      <RepairShowcase brands={phoneBrands(models.data)} />
      <BuyAccessories />
      <LatestProducts phone={shop.phoneno} />
    </>
  );
}
