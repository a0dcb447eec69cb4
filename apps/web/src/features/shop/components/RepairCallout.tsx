import { Icon } from '../../../components/layout/Icon.tsx';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { ActionLink } from './ActionLink.tsx';

/** The call to book under every repair price list. */
export function RepairCallout() {
  const shop = useShopInfo();
  return (
    <div className="mt-8 flex flex-col items-start gap-3 rounded-2xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between">
      <p className="font-medium text-ink">Prices are a guide. Call us for a quote and to book your repair.</p>
      <ActionLink phone={shop.phoneno}>
        <Icon name="phone" />
        Call {shop.phoneno}
      </ActionLink>
    </div>
  );
}
