import type { GroupDataResponse, ProductResponse, ProductsResponse, RepairBrandResponse, RepairModelResponse } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, api, query } from '../../lib/api.ts';
import { keys } from '../../lib/catalogue.ts';

export type ProductQuery = Record<string, string | number | undefined>;

/** One page of products from the server. Keyed under the products key, so admin changes refresh it. */
export function useProductPage(params: ProductQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...keys.products, 'page', params],
    queryFn: ({ signal }) => api<ProductsResponse>(`/product/getall${query(params)}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

const retryServerErrorsOnce = (count: number, err: unknown) =>
  !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 1;

export function useProduct(id: string) {
  return useQuery({
    queryKey: keys.product(id),
    queryFn: ({ signal }) =>
      api<ProductResponse>(`/product/getbyid/${encodeURIComponent(id)}`, { signal }).then((r) => r.fetchProduct),
    retry: retryServerErrorsOnce,
  });
}

/** A model's repair prices (POST /api/phonerepair/getgroupdata). */
export function useModelRepairs(modelId: string) {
  return useQuery({
    queryKey: [...keys.phoneRepairs, 'model', modelId],
    queryFn: ({ signal }) =>
      api<GroupDataResponse>('/phonerepair/getgroupdata', { method: 'POST', body: { id: modelId }, signal }).then(
        (r) => r.data.repairs,
      ),
    retry: retryServerErrorsOnce,
  });
}

/** A brand's repair page data, by its slug (GET /api/repairs/{brand}). Keyed under the repair prices. */
export function useRepairBrandPage(brand: string) {
  return useQuery({
    queryKey: [...keys.phoneRepairs, 'brandPage', brand],
    queryFn: ({ signal }) => api<RepairBrandResponse>(`/repairs/${encodeURIComponent(brand)}`, { signal }),
    retry: retryServerErrorsOnce,
  });
}

/** A phone model's repair page data, by its brand's slug and its own (GET /api/repairs/{brand}/{model}). */
export function useRepairModelPage(brand: string, model: string) {
  return useQuery({
    queryKey: [...keys.phoneRepairs, 'modelPage', brand, model],
    queryFn: ({ signal }) => api<RepairModelResponse>(`/repairs/${encodeURIComponent(brand)}/${encodeURIComponent(model)}`, { signal }),
    retry: retryServerErrorsOnce,
  });
}

/** True for a failed call the server answered 404: the page shows the shop's 404 page. */
export const isMissing = (err: unknown) => err instanceof ApiError && err.status === 404;

/** The server's message for a failed call, or the page's own text when the server gave none (unreachable, not JSON). */
export function serverMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status > 0 && err.message && !err.message.startsWith('Request failed')
    ? err.message
    : fallback;
}
