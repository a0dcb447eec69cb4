import { mapsHref, telHref, useShopInfo } from '../../lib/shop-info.ts';
import { Icon } from './Icon.tsx';

/** The contact strip above the top bar: call, find and email the shop. Hidden under 768 px. */
export function HeaderBar() {
  const shop = useShopInfo();
  const link = 'inline-flex min-w-0 items-center gap-2 whitespace-nowrap rounded hover:text-white hover:underline';
  return (
    <div className="hidden bg-ink text-sm text-slate-200 md:block">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-8 gap-y-1 px-4 py-2 lg:flex-nowrap lg:justify-between">
        <a href={telHref(shop.phoneno)} className={link}>
          <Icon name="phone" />
          <span>
            Call Us Today: <span className="font-semibold text-white">{shop.phoneno}</span>
          </span>
        </a>
        <a href={mapsHref(shop.address)} target="_blank" rel="noopener noreferrer" className={link}>
          <Icon name="pin" />
          <span className="truncate">{shop.address}</span>
          <span className="sr-only">(opens a map in a new tab)</span>
        </a>
        <a href={`mailto:${shop.email}`} className={link}>
          <Icon name="mail" />
          <span>
            Email Us: <span className="font-semibold text-white">{shop.email}</span>
          </span>
        </a>
      </div>
    </div>
  );
}
