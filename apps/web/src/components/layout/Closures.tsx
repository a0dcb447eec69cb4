import { closureDays, closureOn, ukTime } from '@shop/shared';
import { useNow } from '../../lib/now.ts';
import { useShopInfo } from '../../lib/shop-info.ts';

/** Closures that have not ended yet, by the clock (lib/now.ts): the page's instant, then the visitor's. */
export default function Closures() {
  const { hours } = useShopInfo();
  const now = useNow();
  if (!hours || now === null) return null;
  const today = ukTime(now).date;
  const coming = hours.closures.filter((c) => c.to >= today);
  if (!coming.length) return null;
  return (
    <div className="mt-5 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-ink">Closed on</h3>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {coming.map((c) => (
          <li key={`${c.from}-${c.label}`}>
            {c.label}: {closureDays(c)}
            {closureOn(hours, today) === c ? ' (today)' : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
