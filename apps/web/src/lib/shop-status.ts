import { shopStatus, type OpeningHours, type ShopStatus } from '@shop/shared';
import { useNow } from './now.ts';
import { useShopInfo } from './shop-info.ts';

let last: { hours: OpeningHours; now: number; status: ShopStatus } | undefined;

/**
 * Whether the shop is open now (lib/now.ts: at the instant a server-rendered page was rendered for, until the browser
 * has taken it over, then by the visitor's clock): null when the shop has set no hours, or there is no time to go by
 * (a server rendering without one). Every component asking at the same moment shares one answer.
 */
export function useShopStatus(): ShopStatus | null {
  const { hours } = useShopInfo();
  const now = useNow();
  if (!hours || now === null) return null;
  if (last?.hours !== hours || last.now !== now) last = { hours, now, status: shopStatus(hours, now) };
  return last.status;
}
