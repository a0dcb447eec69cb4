import { pageHeads, shopPath } from '@shop/shared';
import { Link, Navigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/layout/Icon.tsx';
import { NotFound } from '../../../components/NotFound.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useHead } from '../../../lib/head.ts';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { isMissing, serverMessage, useRepairBrandPage } from '../api.ts';
import { PhoneLinks } from '../components/PhoneLinks.tsx';
import { ProductImage } from '../components/ProductImage.tsx';
import { RepairCallout } from '../components/RepairCallout.tsx';
import { RepairPriceTable } from '../components/RepairPriceTable.tsx';

/** /repairs/{brand}: the brand's repair table, each phone name leading to its own repair page. */
export default function RepairBrandPage() {
  const { brand = '' } = useParams();
  const shop = useShopInfo();
  const page = useRepairBrandPage(brand);
  const data = page.data;
  const missing = isMissing(page.error);
  useHead({
    ...(data
      ? pageHeads.repairTable(shop.shopname, data.brand.model, data.repairs)
      : missing
        ? pageHeads.notFound(shop.shopname)
        : {}),
    canonicalPath: shopPath('repairBrand', { brand: data?.brand.slug ?? brand }),
    // A brand with no repair price yet is no page to index, as the server says.
    noindex: Boolean(page.error) || data?.repairs.length === 0,
  });

  // An earlier address of the brand (the server answers those with a 301 already).
  if (data && data.brand.slug !== brand) return <Navigate replace to={shopPath('repairBrand', { brand: data.brand.slug })} />;
  if (missing) return <NotFound />;

  const heading = data ? `${data.brand.model} Repair Prices` : 'Repair Prices';
  let content;
  if (page.isPending) content = <Spinner label="Loading repair prices" />;
  else if (!data)
    content = <EmptyState tone="error">{serverMessage(page.error, 'An error occurred while fetching data.')}</EmptyState>;
  else if (data.repairs.length === 0) content = <EmptyState>No records found.</EmptyState>;
  else
    content = (
      <>
        <RepairPriceTable
          caption={heading}
          repairs={data.repairs}
          phoneLink={(r) => shopPath('repairModel', { brand: data.brand.slug, model: r.phone.slug })}
        />
        <h2 className="mt-10 mb-4 text-xl font-bold text-ink">{data.brand.model} phones we repair</h2>
        <PhoneLinks brandSlug={data.brand.slug} phones={data.phones} />
      </>
    );

  return (
    <>
      <div className="bg-gradient-to-r from-emerald-800 to-ink text-white">
        <div className="mx-auto flex max-w-7xl items-center gap-5 px-4 py-10 sm:py-14">
          <div className="min-w-0 flex-1">
            <Link
              to="/shop/phonerepair"
              className="inline-flex items-center gap-1 rounded text-sm font-semibold text-white/90 hover:text-white hover:underline"
            >
              <Icon name="chevronLeft" />
              All brands
            </Link>
            <h1 className="mt-2 text-3xl font-extrabold break-words sm:text-4xl">{heading}</h1>
          </div>
          {data?.brand.file && (
            <ProductImage
              image={data.brand.file}
              alt={`${data.brand.model} logo`}
              sizes="96px"
              eager
              className="h-16 w-16 shrink-0 rounded-xl bg-white object-contain p-1 sm:h-24 sm:w-24"
            />
          )}
        </div>
      </div>
      <div className="mx-auto max-w-4xl px-4 py-10">
        {content}
        <RepairCallout
          topic={data ? `${data.brand.model} phone repairs` : 'a phone repair'}
          listed={page.isPending || Boolean(data?.repairs.length)}
        />
      </div>
    </>
  );
}
