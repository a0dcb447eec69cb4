import { pageHeads, shopPath, phoneBrands } from '@shop/shared';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Island } from '../../../app/island.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useModels } from '../../../lib/catalogue.ts';
import { useHead } from '../../../lib/head.ts';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { ActionLink } from '../components/ActionLink.tsx';
import { ProductImage } from '../components/ProductImage.tsx';

export default function PhoneRepairPage() {
  const shop = useShopInfo();
  useHead({
    ...pageHeads.repairBrands(shop.shopname),
    canonicalPath: '/shop/phonerepair',
  });
  const models = useModels();
  const brands = phoneBrands(models.data);

  let content;
  if (models.isPending) content = <Spinner label="Loading brands" />;
  else if (models.error) content = <EmptyState tone="error">{errorMessage(models.error, 'Something went wrong')}</EmptyState>;
  else if (brands.length === 0) content = <EmptyState>No data available</EmptyState>;
  else
    content = (
      <ul className="grid grid-cols-1 gap-5 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
        {brands.map((brand, i) => (
          <li
            key={brand._id}
            className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm"
          >
            <div className="flex h-24 w-full items-center justify-center">
              <ProductImage
                image={brand.file ?? undefined}
                alt={`${brand.model} logo`}
                sizes="160px"
                eager={i === 0}
                className="h-24 w-auto max-w-full object-contain"
              />
            </div>
            <h2 className="text-lg font-bold text-ink">{brand.model} Phone</h2>
            <ActionLink to={shopPath('repairTable', { id: brand._id })} className="mt-auto w-full text-sm">
              Fix Your {brand.model}
            </ActionLink>
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <div className="bg-gradient-to-r from-emerald-800 to-ink text-white">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
          <p className="text-sm font-semibold tracking-wide text-white/90 uppercase">Phone Repair</p>
          <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">Select Your Phone Brand</h1>
          <p className="mt-3 max-w-2xl text-white/90">
            Pick your brand to see our repair prices. Not sure what is wrong? Call us on {shop.phoneno} for free advice.
          </p>
          <Island
            part="search"
            id="repair-search"
            label="Find your phone"
            showLabel
            placeholder="e.g. iPhone 13 or A2633"
            kind="repair"
            className="mt-6 max-w-md [&>label]:text-white"
          />
        </div>
      </div>
      <div className="mx-auto max-w-7xl px-4 py-10">{content}</div>
    </>
  );
}
