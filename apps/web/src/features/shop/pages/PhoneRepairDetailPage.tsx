import { pageHeads, phoneBrands, shopPath } from '@shop/shared';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { NotFound } from '../../../components/NotFound.tsx';
import { Icon } from '../../../components/layout/Icon.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useModels } from '../../../lib/catalogue.ts';
import { useHead } from '../../../lib/head.ts';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { serverMessage, useModelRepairs } from '../api.ts';
import { RepairCallout } from '../components/RepairCallout.tsx';
import { RepairPriceTable } from '../components/RepairPriceTable.tsx';

/** The spec's repair table (/shop/phonerepairdetail/{model id}); the brand's own repair page is its canonical address. */
export default function PhoneRepairDetailPage() {
  const { id = '' } = useParams();
  const shop = useShopInfo();
  const repairs = useModelRepairs(id);
  const models = useModels();
  const brand = phoneBrands(models.data).find((m) => m._id === id);
  // An archived brand, or Accessories, has no repair table, though its prices are kept: the shop's 404, as the
  // server answers (docs/decisions/0022-repair-pages-and-slugs.md).
  const missing = repairs.data !== undefined && models.data !== undefined && !brand;
  const modelName = brand?.model ?? repairs.data?.[0]?.model.model;
  const heading = modelName ? `${modelName} Repair Prices` : 'Repair Prices';
  useHead({
    ...(missing
      ? pageHeads.notFound(shop.shopname)
      : repairs.error
        ? pageHeads.repairMissing(shop.shopname)
        : repairs.data && modelName
          ? pageHeads.repairTable(shop.shopname, modelName, repairs.data)
          : {}),
    canonicalPath: brand ? shopPath('repairBrand', { brand: brand.slug }) : shopPath('repairTable', { id }),
    // A brand with no repair price yet is no page to index, as the server says.
    noindex: Boolean(repairs.error) || missing || repairs.data?.length === 0,
  });
  if (missing) return <NotFound />;

  let content;
  if (repairs.isPending) content = <Spinner label="Loading repair prices" />;
  else if (repairs.error)
    content = <EmptyState tone="error">{serverMessage(repairs.error, 'An error occurred while fetching data.')}</EmptyState>;
  else if (!repairs.data || repairs.data.length === 0) content = <EmptyState>No records found.</EmptyState>;
  else
    content = (
      <RepairPriceTable
        caption={heading}
        repairs={repairs.data}
        phoneLink={brand ? (r) => shopPath('repairModel', { brand: brand.slug, model: r.phone.slug }) : undefined}
      />
    );

  return (
    <>
      <div className="bg-gradient-to-r from-emerald-800 to-ink text-white">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
          <Link
            to="/shop/phonerepair"
            className="inline-flex items-center gap-1 rounded text-sm font-semibold text-white/90 hover:text-white hover:underline"
          >
            <Icon name="chevronLeft" />
            All brands
          </Link>
          <h1 className="mt-2 text-3xl font-extrabold break-words sm:text-4xl">{heading}</h1>
        </div>
      </div>
      <div className="mx-auto max-w-4xl px-4 py-10">
        {content}
        <RepairCallout
          topic={modelName ? `${modelName} phone repairs` : 'a phone repair'}
          listed={repairs.isPending || Boolean(repairs.data?.length)}
        />
      </div>
    </>
  );
}
