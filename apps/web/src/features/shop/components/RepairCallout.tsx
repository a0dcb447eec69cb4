import { Icon } from '../../../components/layout/Icon.tsx';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { CallToBuy } from './CallToBuy.tsx';

/**
 * The call to book under every repair price list (`listed`: there are prices above, to book from), or in its place
 * when there are none to show; while the shop is closed it also offers an enquiry about `topic` (and WhatsApp when
 * the shop has it).
 */
export function RepairCallout({ topic, listed }: { topic: string; listed: boolean }) {
  const shop = useShopInfo();
  return (
    <div className="mt-8 flex flex-col items-start gap-3 rounded-2xl bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <p className="font-medium text-ink">
        {listed ? 'Prices are a guide. Book a repair above, or call us for a quote.' : 'Call us for a quote on any repair.'}
      </p>
      <CallToBuy className="whitespace-nowrap" phone={shop.phoneno} subject={{ kind: 'enquiry', topic }}>
        <Icon name="phone" />
        Call {shop.phoneno}
      </CallToBuy>
    </div>
  );
}
