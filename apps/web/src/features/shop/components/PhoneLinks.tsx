import { formatGBP, shopPath, type PhoneSummary } from '@shop/shared';
import { Link } from 'react-router';

/** Links to phone models' repair pages, each with its cheapest repair. */
export function PhoneLinks({ brandSlug, phones }: { brandSlug: string; phones: PhoneSummary[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {phones.map((p) => (
        <li key={p._id}>
          <Link
            to={shopPath('repairModel', { brand: brandSlug, model: p.slug })}
            className="inline-flex flex-col rounded-xl border border-slate-200 bg-white px-4 py-2 hover:border-brand-600 hover:bg-brand-50"
          >
            <span className="font-semibold text-ink">{p.name}</span>
            <span className="text-sm text-slate-600">Repairs from {formatGBP(p.from)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
