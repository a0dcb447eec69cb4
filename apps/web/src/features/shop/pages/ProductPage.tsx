import { formatGBP, pageHeads, productCrumb, shopPath, type Product } from '@shop/shared';
import { Link, useParams } from 'react-router';
import { Unavailable } from '../components/Unavailable.tsx';
import { Icon } from '../../../components/layout/Icon.tsx';
import { useCategories, useModels } from '../../../lib/catalogue.ts';
import { useHead } from '../../../lib/head.ts';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { serverMessage, useProduct } from '../api.ts';
import { ActionLink } from '../components/ActionLink.tsx';
import type { EnquirySubject } from '../../../components/enquiry/subject.ts';
import { Island } from '../../../app/island.tsx';
import { colourSwatches, isLightSwatch, specBadges } from '../product-details.ts';

function Details({ product, phone, hasHours }: { product: Product; phone: string; hasHours: boolean }) {
  const inStock = product.availability === 'In Stock';
  const swatches = colourSwatches(product.color);
  const badges = specBadges(product.ram, product.rom);
  const subject: EnquirySubject = { kind: 'enquiry', productId: product._id, product: product.productname };
  const models = useModels().data;
  const categories = useCategories().data;
  const crumb = productCrumb(product, models && categories ? { models, categories } : undefined);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-slate-600">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to="/shop/home" className="rounded hover:text-brand-700 hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={crumb.path} className="rounded hover:text-brand-700 hover:underline">
              {crumb.name}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="font-medium text-ink">
            {product.productname}
          </li>
        </ol>
      </nav>
      <div className="grid gap-10 lg:grid-cols-2">
        <Island part="gallery" images={product.images} name={product.productname} />
        <div className="flex min-w-0 flex-col gap-5">
          <div>
            <h1 className="text-3xl font-extrabold break-words text-ink sm:text-4xl">{product.productname}</h1>
            <p className="mt-3 text-3xl font-bold text-brand-700">{formatGBP(product.price)}</p>
          </div>
          <p className={`inline-flex items-center gap-2 font-semibold ${inStock ? 'text-green-700' : 'text-red-700'}`}>
            <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${inStock ? 'bg-green-600' : 'bg-red-600'}`} />
            {product.availability}
          </p>
          {product.discount && <p className="rounded-lg bg-amber-50 px-4 py-3 font-medium text-amber-900">{product.discount}</p>}
          <p className="leading-relaxed whitespace-pre-line text-slate-700">{product.description}</p>
          {badges.length > 0 && (
            <div>
              <h2 className="mb-2 text-sm font-bold tracking-wide text-slate-700 uppercase">Specifications</h2>
              <ul className="flex flex-wrap gap-2">
                {badges.map((b) => (
                  <li
                    key={`${b.kind}-${b.value}`}
                    className="rounded-full border border-brand-100 bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700"
                  >
                    {b.kind} {b.value}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div>
            <h2 className="mb-2 text-sm font-bold tracking-wide text-slate-700 uppercase">Colours</h2>
            <ul className="flex flex-wrap gap-3">
              {swatches.map((s) => (
                <li key={s.name} className="inline-flex items-center gap-2 text-sm text-slate-800">
                  <span
                    aria-hidden="true"
                    className={`h-6 w-6 rounded-full shadow-inner ${isLightSwatch(s.css) ? 'border border-slate-300' : ''}`}
                    style={{
                      background:
                        s.css === 'transparent' ? 'repeating-conic-gradient(#e2e8f0 0 25%, #fff 0 50%) 50% / 8px 8px' : s.css,
                    }}
                  />
                  {s.name}
                </li>
              ))}
            </ul>
          </div>
          {product.warranty && (
            <p className="text-sm text-slate-700">
              <span className="font-semibold text-ink">Warranty:</span> {product.warranty}
            </p>
          )}
          <div className="pt-2">
            <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              {inStock ? (
                <ActionLink phone={phone} className="w-full px-8 py-3 text-lg sm:w-auto">
                  <Icon name="phone" className="h-5 w-5" />
                  Call For Purchase
                </ActionLink>
              ) : (
                <p className="inline-flex rounded-lg bg-slate-100 px-8 py-3 text-lg font-semibold text-red-700">Out of Stock</p>
              )}
              <Island part="send-enquiry" subject={subject} />
            </div>
            {hasHours && <Island part="open-now" subject={subject} />}
          </div>
        </div>
      </div>
    </div>
  );
}

export default function ProductPage() {
  const { id = '' } = useParams();
  const shop = useShopInfo();
  const product = useProduct(id);
  const data = product.data;
  useHead({
    ...(data ? pageHeads.product(shop.shopname, data) : product.error ? pageHeads.productMissing(shop.shopname) : {}),
    canonicalPath: shopPath('product', { id }),
    noindex: Boolean(product.error),
  });

  if (product.isPending) {
    return (
      <p role="status" className="py-24 text-center text-lg text-slate-700">
        Loading.......
      </p>
    );
  }
  if (product.error || !data) {
    return (
      <Unavailable
        title="Product not available"
        message={serverMessage(product.error, 'Error loading product')}
        back={{ to: '/shop/product', label: 'Back to the shop' }}
      />
    );
  }
  return <Details product={data} phone={shop.phoneno} hasHours={shop.hours !== null} />;
}
