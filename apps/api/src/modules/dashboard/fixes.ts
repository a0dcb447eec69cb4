import { ENQUIRY_FIXES, MODEL_FIXES, PRODUCT_FIXES, REPAIR_FIXES, type Fix } from '@shop/shared';
import type { EnquiriesService } from '../enquiries/enquiries.service.ts';
import type { ModelsService } from '../models/models.service.ts';
import type { PhoneRepairsService } from '../phone-repairs/phone-repairs.service.ts';
import type { ProductsService } from '../products/products.service.ts';

/** The services the counts come from. */
export interface FixSources {
  models: ModelsService;
  products: ProductsService;
  repairs: PhoneRepairsService;
  enquiries: EnquiriesService;
}

/** One problem of the dashboard's "things to fix": its card's title, the list filtered to it, and its count query. */
export interface FixDefinition {
  key: string;
  title: string;
  to: string;
  count: (s: FixSources) => Promise<number>;
}

/**
 * Every problem the dashboard looks for (docs/decisions/0036-things-to-fix.md), in the order the cards show. A new
 * problem is one entry here (and its filter on the list it links to); each count is one indexed query.
 */
export const FIXES: FixDefinition[] = [
  {
    key: 'brands-without-repairs',
    title: MODEL_FIXES['no-repair-prices'],
    to: '/admin/addmodel?fix=no-repair-prices',
    count: (s) => s.models.countWithoutRepairs(),
  },
  {
    key: 'phones-without-repairs',
    title: PRODUCT_FIXES['no-repair-prices'],
    to: '/admin/productlist?fix=no-repair-prices',
    count: (s) => s.products.countFix('no-repair-prices'),
  },
  {
    key: 'products-needing-pictures',
    title: PRODUCT_FIXES['needs-pictures'],
    to: '/admin/productlist?fix=needs-pictures',
    count: (s) => s.products.countFix('needs-pictures'),
  },
  {
    key: 'products-without-description',
    title: PRODUCT_FIXES['no-description'],
    to: '/admin/productlist?fix=no-description',
    count: (s) => s.products.countFix('no-description'),
  },
  {
    key: 'products-sharing-a-name',
    title: PRODUCT_FIXES['same-name'],
    to: '/admin/productlist?fix=same-name',
    count: (s) => s.products.countFix('same-name'),
  },
  {
    key: 'stale-repair-prices',
    title: REPAIR_FIXES['unchanged-12-months'],
    to: '/admin/phonerepairlist?fix=unchanged-12-months',
    count: (s) => s.repairs.countStale(),
  },
  {
    key: 'out-of-stock-on-home',
    title: PRODUCT_FIXES['out-of-stock-home'],
    to: '/admin/productlist?fix=out-of-stock-home',
    count: (s) => s.products.countFix('out-of-stock-home'),
  },
  {
    key: 'enquiries-waiting',
    title: ENQUIRY_FIXES['new-over-a-day'],
    to: '/admin/enquiries?fix=new-over-a-day',
    count: (s) => s.enquiries.countWaiting(),
  },
];

/** The problems the shop has now: only those with a count, in the cards' order. */
export async function findFixes(sources: FixSources, fixes: FixDefinition[] = FIXES): Promise<Fix[]> {
  const counted = await Promise.all(
    fixes.map(async (f) => ({ key: f.key, title: f.title, to: f.to, count: await f.count(sources) })),
  );
  return counted.filter((f) => f.count > 0);
}
