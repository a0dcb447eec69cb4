import { formatGBP, type PhoneRepair } from '@shop/shared';
import { Link } from 'react-router';
import { Island } from '../../../app/island.tsx';

/**
 * Cell padding. Under 360 px the cells pad less, and the Book cell not at all on its left (the price's padding keeps
 * them apart), so that four columns fit a 320 px screen inside the card; from 360 px on every cell pads as before.
 */
const pad = {
  first: 'pl-2.5 pr-1.5 min-[360px]:px-2.5 sm:px-4',
  middle: 'px-1.5 min-[360px]:px-2.5 sm:px-4',
  last: 'pl-0 pr-1.5 min-[360px]:px-2.5 sm:px-4',
};

/**
 * Repair prices as the spec's repair table shows them: Phone Name, '{repair} Repair' and the price, and on each row
 * "Book this repair" (the booking form, filled in with the phone and the repair); each phone name links to its phone
 * model's repair page when `phoneLink` gives one. A phone's own page leaves the Phone Name column out (`phoneColumn`).
 */
export function RepairPriceTable({
  caption,
  repairs,
  phoneLink,
  phoneColumn = true,
}: {
  caption: string;
  repairs: PhoneRepair[];
  phoneLink?: (repair: PhoneRepair) => string | undefined;
  phoneColumn?: boolean;
}) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200">
      <table className="w-full text-left text-sm sm:text-base">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-ink">
          <tr>
            {phoneColumn && (
              <th scope="col" className={`${pad.first} py-3 font-semibold`}>
                Phone Name
              </th>
            )}
            <th scope="col" className={`${phoneColumn ? pad.middle : pad.first} py-3 font-semibold`}>
              Repair
            </th>
            <th scope="col" className={`${pad.middle} py-3 text-right font-semibold`}>
              Price
            </th>
            <th scope="col" className={`${pad.last} py-3`}>
              <span className="sr-only">Book this repair</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {repairs.map((r) => {
            const to = phoneLink?.(r);
            return (
              <tr key={r._id} className="even:bg-slate-50">
                {phoneColumn && (
                  <td className={`${pad.first} py-3 font-medium text-ink`}>
                    {to ? (
                      <Link to={to} className="rounded text-brand-700 underline-offset-2 hover:underline">
                        {r.productname}
                      </Link>
                    ) : (
                      r.productname
                    )}
                  </td>
                )}
                <td className={`py-3 ${phoneColumn ? `${pad.middle} text-slate-700` : `${pad.first} font-medium text-ink`}`}>
                  {r.repair.repaircategory} Repair
                </td>
                <td className={`${pad.middle} py-3 text-right font-semibold whitespace-nowrap text-ink`}>{formatGBP(r.price)}</td>
                <td className={`${pad.last} py-2 text-right`}>
                  <Island part="book-repair" phone={r.productname} repair={r.repair.repaircategory} repairId={r._id} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
