import type { Envelope } from '@shop/shared';
import type { QueryKey } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { keys } from '../../../lib/catalogue.ts';
import { adminKeys } from '../api/keys.ts';
import { useAdminMutation } from '../api/mutations.ts';

export interface RepairBody {
  productname: string;
  model: string;
  repair: string;
  price: number;
  /** The phone model's other names; left out, they stay as they are. */
  aliases?: string[];
  /** On an edit, the price's updatedAt as the form loaded it: the server refuses to save over a change made since. */
  updatedAt?: string;
}

/**
 * What a change of repair prices changes: the shop's repair tables, the console's list, and the lists of the phones
 * and the brands with no repair price (the dashboard's things to fix), which sit under the products' and models' keys.
 */
export const REPAIR_PRICES_CHANGED: QueryKey[] = [
  keys.phoneRepairs,
  adminKeys.productListWithFix('no-repair-prices'),
  adminKeys.modelsWithFix('no-repair-prices'),
  adminKeys.lastPriceChange,
];

export function useCreateRepair() {
  return useAdminMutation({
    mutationFn: (body: RepairBody) => api<Envelope>('/phonerepair/create', { method: 'POST', body: { ...body } }),
    invalidate: REPAIR_PRICES_CHANGED,
  });
}

export function useUpdateRepair(id: string) {
  return useAdminMutation({
    mutationFn: (body: RepairBody) =>
      api<Envelope>(`/phonerepair/update/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...body } }),
    invalidate: REPAIR_PRICES_CHANGED,
    fallback: 'An error occurred',
  });
}

export function useDeleteRepair() {
  return useAdminMutation({
    mutationFn: (id: string) => api<Envelope>(`/phonerepair/delete/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    invalidate: REPAIR_PRICES_CHANGED,
  });
}

/**
 * Undoes the bulk price change or repair import `change` names, while it is the last one (the server refuses, naming
 * them, when a price was edited since, and when another change came after it): the server's message in a toast
 * either way.
 */
export function useUndoPrices() {
  return useAdminMutation({
    mutationFn: (change: string | undefined) =>
      api<Envelope>('/phonerepair/bulkprice/undo', { method: 'POST', body: change ? { change } : {} }),
    invalidate: REPAIR_PRICES_CHANGED,
  });
}
