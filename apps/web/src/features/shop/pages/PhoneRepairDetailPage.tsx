import { formatGBP, pageHeads, shopPath } from '@shop/shared';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Icon } from '../../../components/layout/Icon.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { useModels } from '../../../lib/catalogue.ts';
import { useHead } from '../../../lib/head.ts';
import { useShopInfo } from '../../../lib/shop-info.ts';
import { serverMessage, useModelRepairs } from '../api.ts';
import { CallToBuy } from '../components/CallToBuy.tsx';
import { BookRepairButton } from '../../../components/enquiry/BookRepairButton.tsx';

export default function PhoneRepairDetailPage() {
  const { id = '' } = useParams();
  const shop = useShopInfo();
  const repairs = useModelRepairs(id);
  const models = useModels();
  const modelName = models.data?.find((m) => m._id === id)?.model ?? repairs.data?.[0]?.model.model;
  const heading = modelName ? `${modelName} Repair Prices` : 'Repair Prices';
  useHead({
    ...(repairs.error
      ? pageHeads.repairMissing(shop.shopname)
      : repairs.data && modelName
        ? pageHeads.repairTable(shop.shopname, modelName, repairs.data)
        : {}),
    canonicalPath: shopPath('repairTable', { id }),
    noindex: Boolean(repairs.error),
  });

  let content;
  if (repairs.isPending) content = <Spinner label="Loading repair prices" />;
  else if (repairs.error)
    content = <EmptyState tone="error">{serverMessage(repairs.error, 'An error occurred while fetching data.')}</EmptyState>;
  else if (!repairs.data || repairs.data.length === 0) content = <EmptyState>No records found.</EmptyState>;
  else
    content = (
      <div className="overflow-x-auto rounded-2xl border border-slate-200">
        <table className="w-full text-left text-sm sm:text-base">
          <caption className="sr-only">{heading}</caption>
          <thead className="bg-slate-100 text-ink">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Phone Name
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Repair
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Price
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Book this repair</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {repairs.data.map((r) => (
              <tr key={r._id} className="even:bg-slate-50">
                <td className="px-4 py-3 font-medium text-ink">{r.productname}</td>
                <td className="px-4 py-3 text-slate-700">{r.repair.repaircategory} Repair</td>
                <td className="px-4 py-3 text-right font-semibold text-ink">{formatGBP(r.price)}</td>
                <td className="px-4 py-2 text-right">
                  <BookRepairButton phone={r.productname} repair={r.repair.repaircategory} repairId={r._id} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <>
      <div className="bg-gradient-to-r from-emerald-800 to-ink text-white">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
          <Link
            to="/shop/phonerepair"
            className="inline-flex items-center gap-1 rounded text-sm font-semibold text-white/90 hover:text-white hover:underline"
          >
            <Icon name="chevronLeft" />
            All brands
          </Link>
          <h1 className="mt-2 text-3xl font-extrabold break-words sm:text-4xl">{heading}</h1>
        </div>
      </div>
      <div className="mx-auto max-w-4xl px-4 py-10">
        {content}
        <div className="mt-8 flex flex-col items-start gap-3 rounded-2xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-medium text-ink">Prices are a guide. Book a repair above, or call us for a quote.</p>
          <CallToBuy className="whitespace-nowrap" phone={shop.phoneno} subject={{ kind: 'enquiry', topic: modelName ? `${modelName} phone repairs` : 'a phone repair' }}>
            <Icon name="phone" />
            Call {shop.phoneno}
          </CallToBuy>
        </div>
      </div>
    </>
  );
}
