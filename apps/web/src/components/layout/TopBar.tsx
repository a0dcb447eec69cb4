import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useShopInfo } from '../../lib/shop-info.ts';

/** The shop's logo and name from the first shop settings record (or the fallbacks), with room for the menu. */
export function TopBar({ children }: { children?: ReactNode }) {
  const shop = useShopInfo();
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3">
        <Link to="/shop/home" className="flex min-w-0 items-center gap-3 rounded">
          <img src={shop.logoUrl} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded-lg object-contain" />
          <span className="truncate text-lg font-bold text-ink">{shop.shopname}</span>
        </Link>
        {children}
      </div>
    </div>
  );
}
