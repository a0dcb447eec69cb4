import type { ReactNode } from 'react';
import { useShopInfo } from '../../lib/shop-info.ts';
import { Island } from '../../app/island.tsx';

/**
 * The shop's logo and name from the first shop settings record (or the fallbacks), whether it is open now (when it
 * has set its hours), and room for the menu.
 */
export function TopBar({ children }: { children?: ReactNode }) {
  const shop = useShopInfo();
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3">
        <div className="flex min-w-0 items-center gap-3">
          {/* The logo is a second way home for the pointer; keyboards and screen readers have the name's link. */}
          <a href="/shop/home" tabIndex={-1} aria-hidden="true" className="shrink-0">
            <img src={shop.logoUrl} alt="" width={40} height={40} className="h-10 w-10 rounded-lg object-contain" />
          </a>
          <div className="min-w-0">
            <a href="/shop/home" className="block rounded text-lg leading-6 font-bold break-words text-ink">
              {shop.shopname}
            </a>
            {/* From 1024 px the menu and the search box sit beside it: room for the usual status ('Closed now ·
                opens 09:00') is kept from the start, so they do not move when it appears as the page goes live.
                Under 640 px it is a size smaller, so that on one line it fits beside the menu's button. */}
            {shop.hours && <Island part="open-status" className="text-slate-700 max-sm:text-xs lg:min-w-52" />}
          </div>
        </div>
        {children}
      </div>
    </div>
  );
}
