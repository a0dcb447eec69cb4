import type { Envelope } from '@shop/shared';
import { api } from '../../../lib/api.ts';
import { keys } from '../../../lib/catalogue.ts';
import { adminKeys } from '../api/keys.ts';
import { useAdminMutation } from '../api/mutations.ts';

/**
 * Products changed: the shop's product lists and pages, the console's list and the dashboard count, and the last
 * import, which the list offers to undo only while none of its products was changed since.
 */
export const PRODUCTS_CHANGED = [keys.products, adminKeys.counts, adminKeys.lastProductImport];

export function useCreateProduct() {
  return useAdminMutation({
    mutationFn: (body: FormData) => api<Envelope>('/product/create', { method: 'POST', body }),
    invalidate: PRODUCTS_CHANGED,
    fallback: 'Something went wrong',
  });
}

export function useUpdateProduct(id: string) {
  return useAdminMutation({
    mutationFn: (body: FormData) => api<Envelope>(`/product/update/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    invalidate: PRODUCTS_CHANGED,
    fallback: 'An error occurred',
  });
}

export function useDeleteProduct() {
  return useAdminMutation({
    mutationFn: (id: string) => api<Envelope>(`/product/delete/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    invalidate: PRODUCTS_CHANGED,
  });
}

/**
 * Undoes the product import `change` names, while it is the last one (the server refuses, naming them, when a
 * product was changed since, and when another import came after it): the server's message in a toast either way.
 */
export function useUndoProductImport() {
  return useAdminMutation({
    mutationFn: (change: string | undefined) =>
      api<Envelope>('/product/import/undo', { method: 'POST', body: change ? { change } : {} }),
    invalidate: PRODUCTS_CHANGED,
  });
}
