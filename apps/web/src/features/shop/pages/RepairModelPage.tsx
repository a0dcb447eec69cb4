import { formatGBP, pageHeads, shopPath } from '@shop/shared';
import { Link, Navigate, useParams } from 'react-router';
import { Unavailable } from '../components/Unavailable.tsx';
import { NotFound } from '../../../components/NotFound.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useHead } from '../../../lib/head.ts';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { isMissing, serverMessage, useRepairModelPage } from '../api.ts';
import { PhoneLinks } from '../components/PhoneLinks.tsx';
import { ProductImage } from '../components/ProductImage.tsx';
import { RepairCallout } from '../components/RepairCallout.tsx';
import { RepairPriceTable } from '../components/RepairPriceTable.tsx';

const crumbLink = 'rounded hover:text-white hover:underline';

/** /repairs/{brand}/{model}: every repair of one phone model with its price, and the brand's other phone models. */
export default function RepairModelPage() {
  const { brand = '', model = '' } = useParams();
  const shop = useShopInfo();
  const page = useRepairModelPage(brand, model);
  const data = page.data;
  const missing = isMissing(page.error);
  const own = data
    ? shopPath('repairModel', { brand: data.brand.slug, model: data.phone.slug })
    : shopPath('repairModel', { brand, model });
  useHead({
    ...(data
      ? pageHeads.repairModel(shop.shopname, data.phone.name, data.repairs)
      : missing
        ? pageHeads.notFound(shop.shopname)
        : {}),
    canonicalPath: own,
    noindex: Boolean(page.error),
  });

  // An earlier address of the phone model or its brand (the server answers those with a 301 already).
  if (data && (data.brand.slug !== brand || data.phone.slug !== model)) return <Navigate replace to={own} />;
  if (missing) return <NotFound />;
  if (!data) {
    return page.isPending ? (
      <Spinner label="Loading repair prices" />
    ) : (
      <Unavailable
        title="Repair prices not available"
        message={serverMessage(page.error, 'An error occurred while fetching data.')}
        back={{ to: shopPath('repairBrands'), label: 'Back to Phone Repair' }}
      />
    );
  }

  const { phone } = data;
  const brandPath = shopPath('repairBrand', { brand: data.brand.slug });
  const others = data.phones.filter((p) => p._id !== phone._id);
  return (
    <>
      <div className="bg-gradient-to-r from-emerald-800 to-ink text-white">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
          <nav aria-label="Breadcrumb" className="text-sm text-white/90">
            <ol className="flex flex-wrap gap-x-2 gap-y-1">
              <li>
                <Link to="/shop/home" className={crumbLink}>
                  Home
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li>
                <Link to="/shop/phonerepair" className={crumbLink}>
                  Phone Repair
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li>
                <Link to={brandPath} className={crumbLink}>
                  {data.brand.model}
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className="font-semibold text-white">
                {phone.name}
              </li>
            </ol>
          </nav>
          <div className="mt-4 flex items-center gap-5">
            {data.brand.file && (
              <ProductImage
                image={data.brand.file}
                alt={`${data.brand.model} logo`}
                sizes="96px"
                eager
                className="h-16 w-16 shrink-0 rounded-xl bg-white object-contain p-1 sm:h-20 sm:w-20"
              />
            )}
            <div className="min-w-0">
              <h1 className="text-3xl font-extrabold break-words sm:text-4xl">{phone.name} repairs</h1>
              <p className="mt-2 text-lg text-white/90">
                From <span className="font-bold text-white">{formatGBP(phone.from)}</span> · {phone.repairs}{' '}
                {phone.repairs === 1 ? 'repair' : 'repairs'}
              </p>
              {phone.aliases.length > 0 && <p className="mt-1 text-sm text-white/80">Also known as {phone.aliases.join(', ')}</p>}
            </div>
          </div>
        </div>
      </div>
      <div className="mx-auto max-w-4xl px-4 py-10">
        <RepairPriceTable caption={`${phone.name} repair prices`} repairs={data.repairs} phoneColumn={false} />
        <RepairCallout topic={`${phone.name} repairs`} listed />
        {others.length > 0 && (
          <section aria-labelledby="other-phones" className="mt-10">
            <h2 id="other-phones" className="mb-4 text-xl font-bold text-ink">
              Other {data.brand.model} phones we repair
            </h2>
            <PhoneLinks brandSlug={data.brand.slug} phones={others} />
          </section>
        )}
        <p className="mt-8">
          <Link to={brandPath} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            All {data.brand.model} repair prices
          </Link>
        </p>
      </div>
    </>
  );
}
