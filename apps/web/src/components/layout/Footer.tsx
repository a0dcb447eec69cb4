import { ACCESSORIES_CATEGORY, COPYRIGHT_YEAR, DEFAULT_SHOP_NAME, SHOP_PAGES, SMART_PHONES_CATEGORY } from '@shop/shared';
import { Link } from 'react-router';
import { query } from '../../lib/api.ts';
import { mapsHref, telHref, useShopInfo } from '../../lib/shop-info.ts';
import { Icon } from './Icon.tsx';
import { Island } from '../../app/island.tsx';
import { WeekHours } from './WeekHours.tsx';

const SHOP_LINKS = [
  { label: 'Mobile Phones', to: `/shop/product${query({ category: SMART_PHONES_CATEGORY })}` },
  { label: 'Accessories', to: `/shop/product${query({ category: ACCESSORIES_CATEGORY })}` },
  { label: 'Phone Repair', to: '/shop/phonerepair' },
  { label: 'Blog', to: '/shop/blog' },
  { label: 'Contact us', to: SHOP_PAGES.contact },
  { label: 'Privacy notice', to: SHOP_PAGES.privacy },
];

/** Call and email links, the social links that are set, the opening hours (when set), and the copyright line. */
export function Footer() {
  const shop = useShopInfo();
  const link = 'inline-flex items-center gap-2 rounded hover:text-white hover:underline';
  return (
    <footer className="below-fold mt-auto bg-ink text-slate-200">
      <div className={`mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 ${shop.hours ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
        <div>
          <p className="text-lg font-bold text-white">{shop.shopname}</p>
          <a href={mapsHref(shop.address)} target="_blank" rel="noopener noreferrer" className={`${link} mt-3 items-start`}>
            <Icon name="pin" className="mt-1 h-4 w-4" />
            <span>
              {shop.address}
              <span className="sr-only"> (opens a map in a new tab)</span>
            </span>
          </a>
        </div>
        <div className="flex flex-col gap-3">
          <p className="font-semibold text-white">Get in touch</p>
          <a href={telHref(shop.phoneno)} className={link}>
            <Icon name="phone" />
            Call Us: {shop.phoneno}
          </a>
          <a href={`mailto:${shop.email}`} className={`${link} wrap-anywhere`}>
            <Icon name="mail" />
            Email Us: {shop.email}
          </a>
          {shop.social.length > 0 && (
            <ul className="mt-1 flex flex-wrap gap-4" aria-label="Social links">
              {shop.social.map((s) => (
                <li key={s.label}>
                  <a href={s.url} target="_blank" rel="noopener noreferrer" className={`${link} min-h-6 min-w-6 justify-center`}>
                    {s.label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {shop.hours && (
          <section aria-labelledby="footer-hours" className="flex flex-col gap-3">
            <h2 id="footer-hours" className="font-semibold text-white">
              Opening hours
            </h2>
            <Island part="open-status" className="text-white" />
            <WeekHours hours={shop.hours} />
          </section>
        )}
        <nav aria-label="Shop" className="flex flex-col gap-3">
          <p className="font-semibold text-white">Shop</p>
          <ul className="flex flex-col gap-2">
            {SHOP_LINKS.map((l) => (
              <li key={l.label}>
                <Link to={l.to} className={link}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-700 px-4 py-4 text-center text-sm text-slate-300">
        © {COPYRIGHT_YEAR} All rights reserved by {DEFAULT_SHOP_NAME}
      </p>
    </footer>
  );
}
