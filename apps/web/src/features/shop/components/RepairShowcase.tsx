import { shopPath, type Model } from '@shop/shared';
import { Link } from 'react-router';
import { Icon } from '../../../components/layout/Icon.tsx';
import { ActionLink } from './ActionLink.tsx';
import { PhoneBack, RepairArt, type CameraLayout } from './Artwork.tsx';

/** The five cards, each for the brand of the shop whose repair prices it opens (`brand`). */
const BRANDS: { name: string; brand: string; body: string; edge: string; camera: CameraLayout; tint: string }[] = [
  {
    name: 'iPhone',
    brand: 'Apple',
    body: '#e5e7eb',
    edge: '#9ca3af',
    camera: 'square-three',
    tint: 'from-slate-100 to-slate-200',
  },
  {
    name: 'Samsung',
    brand: 'Samsung',
    body: '#1e3a8a',
    edge: '#172554',
    camera: 'vertical-three',
    tint: 'from-blue-50 to-blue-100',
  },
  { name: 'Nokia', brand: 'Nokia', body: '#0e7490', edge: '#164e63', camera: 'round', tint: 'from-cyan-50 to-cyan-100' },
  { name: 'Oppo', brand: 'Oppo', body: '#047857', edge: '#064e3b', camera: 'pill', tint: 'from-emerald-50 to-emerald-100' },
  {
    name: 'Redmi',
    brand: 'Xiaomi',
    body: '#ea580c',
    edge: '#9a3412',
    camera: 'square-four',
    tint: 'from-orange-50 to-orange-100',
  },
];

/**
 * 'Mobile Phone Repair Shop': five brand cards and the repair promo tile with 'GO Fix'. A card opens its brand's
 * repair prices when the shop has that brand among `brands` (its phone brands), and the choice of brands otherwise.
 */
export function RepairShowcase({ brands }: { brands: Model[] }) {
  const pathOf = (name: string) => {
    const brand = brands.find((b) => b.model.toLowerCase() === name.toLowerCase());
    return brand ? shopPath('repairBrand', { brand: brand.slug }) : shopPath('repairBrands');
  };
  return (
    <section aria-labelledby="repair-shop-heading" className="below-fold bg-slate-50 py-14">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="repair-shop-heading" className="text-center text-2xl font-bold text-ink sm:text-3xl">
          Mobile Phone Repair Shop
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-slate-600">
          Cracked screen, tired battery or a charging port that has given up? We fix all the big brands in store.
        </p>
        <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {BRANDS.map((b) => (
            <li key={b.name}>
              <Link
                to={pathOf(b.brand)}
                className={`group flex h-full flex-col items-center gap-3 rounded-2xl bg-gradient-to-b ${b.tint} p-5 text-center shadow-sm transition-shadow hover:shadow-lg`}
              >
                <PhoneBack
                  body={b.body}
                  edge={b.edge}
                  camera={b.camera}
                  className="h-32 w-auto transition-transform duration-300 group-hover:-translate-y-1"
                />
                <span className="text-lg font-bold text-ink">{b.name}</span>
                <span className="text-sm font-medium text-slate-700">See repair prices</span>
              </Link>
            </li>
          ))}
          <li className="col-span-2 sm:col-span-3 lg:col-span-5">
            <div className="grid items-center gap-6 overflow-hidden rounded-2xl bg-gradient-to-r from-brand-700 to-ink p-6 text-white sm:p-8 md:grid-cols-[auto_1fr_auto]">
              <RepairArt className="mx-auto h-36 w-auto" />
              <div>
                <h3 className="text-2xl font-bold">Same-day phone repairs</h3>
                <p className="mt-2 max-w-xl text-white/90">
                  Screens, batteries, cameras and charging ports, fixed by our technicians with quality parts. Pick your brand to
                  see our repair prices.
                </p>
              </div>
              <ActionLink to="/shop/phonerepair" variant="light" className="justify-self-start md:justify-self-end">
                <Icon name="wrench" />
                GO Fix
              </ActionLink>
            </div>
          </li>
        </ul>
      </div>
    </section>
  );
}
