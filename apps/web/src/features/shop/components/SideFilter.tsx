import { listingQuery, phoneBrands, type Category, type ListingGroup, type ListingState, type Model } from '@shop/shared';
import { Link } from 'react-router';
import { isSelected, selectFilter } from '../listing.ts';

interface Props {
  state: ListingState;
  models: Model[] | undefined;
  categories: Category[] | undefined;
}

function FilterGroup({
  title,
  group,
  names,
  state,
}: {
  title: string;
  group: ListingGroup;
  names: string[];
  state: ListingState;
}) {
  const entries = [{ label: 'All', filter: '' }, ...names.map((name) => ({ label: name, filter: name }))];
  return (
    <div>
      <h2 className="mb-2 text-sm font-bold tracking-wide text-slate-700 uppercase">{title}</h2>
      <ul className="flex flex-col gap-0.5">
        {entries.map((e) => {
          const current = isSelected(state, group, e.filter);
          return (
            <li key={e.label}>
              <Link
                to={`?${listingQuery(selectFilter(group, e.filter))}`}
                aria-current={current ? 'page' : undefined}
                className={`block rounded-lg px-3 py-2 text-sm ${current ? 'bg-brand-600 font-semibold text-white' : 'text-slate-800 hover:bg-brand-50 hover:text-brand-700'}`}
              >
                {e.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The listing's side filter: Smart Phones (All + each active brand) and Accessories (All + each category). */
export function SideFilter({ state, models, categories }: Props) {
  return (
    <nav aria-label="Product filters" className="flex flex-col gap-6">
      <FilterGroup title="Smart Phones" group="smartphone" names={phoneBrands(models).map((m) => m.model)} state={state} />
      <FilterGroup
        title="Accessories"
        group="accessory"
        names={(categories ?? []).filter((c) => c.status).map((c) => c.category)}
        state={state}
      />
    </nav>
  );
}
