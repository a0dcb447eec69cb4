import { COPYRIGHT_YEAR, DEFAULT_SHOP_NAME } from '@shop/shared';
import { telHref, useShopInfo } from '../../lib/shop-info.ts';

/** Call and email links, the social links that are set, and the copyright line. */
export function Footer() {
  const shop = useShopInfo();
  return (
    <footer className="mt-auto bg-ink text-slate-200">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          <a href={telHref(shop.phoneno)} className="rounded hover:text-white">
            Call Us: {shop.phoneno}
          </a>
          <a href={`mailto:${shop.email}`} className="rounded hover:text-white">
            Email Us: {shop.email}
          </a>
        </div>
        {shop.social.length > 0 && (
          <ul className="flex gap-4" aria-label="Social links">
            {shop.social.map((s) => (
              <li key={s.label}>
                <a href={s.url} target="_blank" rel="noopener noreferrer" className="rounded hover:text-white">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="border-t border-slate-700 px-4 py-4 text-center text-sm text-slate-300">
        © {COPYRIGHT_YEAR} All rights reserved by {DEFAULT_SHOP_NAME}
      </p>
    </footer>
  );
}
