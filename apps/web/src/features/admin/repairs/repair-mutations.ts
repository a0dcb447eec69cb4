import type { Envelope } from '@shop/shared';
import { api } from '../../../lib/api.ts';
import { keys } from '../../../lib/catalogue.ts';
import { useAdminMutation } from '../api/mutations.ts';

export interface RepairBody {
  productname: string;
  model: string;
  repair: string;
  price: number;
  /** The phone model's other names; left out, they stay as they are. */
  aliases?: string[];
}

/** Repair prices changed: the shop's repair tables and the console's list refetch. */
const changed = [keys.phoneRepairs];

export function useCreateRepair() {
  return useAdminMutation({
    mutationFn: (body: RepairBody) => api<Envelope>('/phonerepair/create', { method: 'POST', body: { ...body } }),
    invalidate: changed,
  });
}

export function useUpdateRepair(id: string) {
  return useAdminMutation({
    mutationFn: (body: RepairBody) =>
      api<Envelope>(`/phonerepair/update/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...body } }),
    invalidate: changed,
    fallback: 'An error occurred',
  });
}

export function useDeleteRepair() {
  return useAdminMutation({
    mutationFn: (id: string) => api<Envelope>(`/phonerepair/delete/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    invalidate: changed,
  });
}

/**
 * Undoes the last bulk price change or repair import (the server refuses, naming them, when a price was edited since):
 * the server's message in a toast either way.
 */
export function useUndoPrices() {
  return useAdminMutation({
    mutationFn: () => api<Envelope>('/phonerepair/bulkprice/undo', { method: 'POST' }),
    invalidate: changed,
  });
}
