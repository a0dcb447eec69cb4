import type { CategoriesResponse, ModelsResponse, RepairCategoriesResponse } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/**
 * Query keys shared by the shop and the admin console: an admin mutation invalidates the key
 * of what it changed, and every page showing it refetches.
 */
export const keys = {
  models: ['models'] as const,
  categories: ['categories'] as const,
  repairCategories: ['repaircategories'] as const,
  appDetails: ['appdetail'] as const,
  products: ['products'] as const,
  product: (id: string) => ['products', 'byId', id] as const,
  phoneRepairs: ['phonerepairs'] as const,
  users: ['users'] as const,
  blog: ['blog'] as const,
};

/** Active models (brands), 'Accessories' included. */
export function useModels() {
  return useQuery({
    queryKey: keys.models,
    queryFn: ({ signal }) => api<ModelsResponse>('/model/getall', { signal }).then((r) => r.fetchModel),
    staleTime: 5 * 60_000,
  });
}

/** Active accessory categories. */
export function useCategories() {
  return useQuery({
    queryKey: keys.categories,
    queryFn: ({ signal }) => api<CategoriesResponse>('/category/getall', { signal }).then((r) => r.fetchCategory),
    staleTime: 5 * 60_000,
  });
}

/** Active repair categories. */
export function useRepairCategories() {
  return useQuery({
    queryKey: keys.repairCategories,
    queryFn: ({ signal }) => api<RepairCategoriesResponse>('/repaircategory/getall', { signal }).then((r) => r.fetchCategory),
    staleTime: 5 * 60_000,
  });
}
