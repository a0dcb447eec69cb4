import {
  BLOG_PAGE_SIZE,
  type BlogListResponse,
  type BlogPostResponse,
  type Envelope,
  type GroupDataResponse,
  type PhoneRepairResponse,
  type ProductResponse,
  type ProductsResponse,
  type RepairBrandResponse,
  type RepairModelResponse,
} from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EnquirySubject } from '../../components/enquiry/subject.ts';
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

/**
 * What the contact page's form is about, from its address (`contactPath`): a repair price or a product, by id. Null
 * when the id names nothing the shop has: the form then asks about nothing in particular.
 */
export function useEnquirySubject(about: { repairId: string | null; productId: string | null }) {
  return useQuery({
    queryKey: ['enquiry', 'subject', about.repairId, about.productId],
    queryFn: async ({ signal }): Promise<EnquirySubject | null> => {
      try {
        if (about.repairId) {
          const repair = await api<PhoneRepairResponse>(`/phonerepair/getbyid/${encodeURIComponent(about.repairId)}`, { signal });
          const { _id, productname, repair: kind } = repair.fetchPhoneRepair;
          return { kind: 'booking', repairId: _id, phone: productname, repair: kind.repaircategory };
        }
        const product = await api<ProductResponse>(`/product/getbyid/${encodeURIComponent(about.productId ?? '')}`, { signal });
        return { kind: 'enquiry', productId: product.fetchProduct._id, product: product.fetchProduct.productname };
      } catch (err) {
        if (err instanceof ApiError && err.status >= 400 && err.status < 500) return null;
        throw err;
      }
    },
    enabled: Boolean(about.repairId || about.productId),
    retry: retryServerErrorsOnce,
  });
}

/** One page of the blog's published posts, newest first. Keyed under the blog key, so admin changes refresh it. */
export function useBlogPage(page: number) {
  return useQuery({
    queryKey: [...keys.blog, 'page', page],
    queryFn: ({ signal }) => api<BlogListResponse>(`/blog/getall${query({ page, limit: BLOG_PAGE_SIZE })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A published post by its slug (or a slug it had before), with the posts before and after it. */
export function useBlogPost(slug: string) {
  return useQuery({
    queryKey: [...keys.blog, 'slug', slug],
    queryFn: ({ signal }) => api<BlogPostResponse>(`/blog/getbyslug/${encodeURIComponent(slug)}`, { signal }),
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

/** How many days enquiries are kept (ENQUIRY_RETENTION_DAYS), for the privacy notice. */
export function useRetentionDays() {
  return useQuery({
    queryKey: ['enquiry', 'retention'],
    queryFn: ({ signal }) => api<Envelope & { retentionDays: number }>('/enquiry/retention', { signal }).then((r) => r.retentionDays),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
