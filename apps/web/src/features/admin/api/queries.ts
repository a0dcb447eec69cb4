import type {
  AuditListResponse,
  AuditUsersResponse,
  BlogListResponse,
  FixesResponse,
  ModelsResponse,
  BlogPostAdminResponse,
  EnquiriesResponse,
  EnquiryResponse,
  PhoneRepairResponse,
  PhoneRepairsResponse,
  ProductCountResponse,
  ProductResponse,
  ProductsResponse,
  UserCountResponse,
  UsersResponse,
} from '@shop/shared';
import { AUDIT_PAGE_SIZE, BLOG_LIST_PAGE_SIZE, ENQUIRY_PAGE_SIZE, PRODUCT_LIST_PAGE_SIZE, REPAIR_LIST_PAGE_SIZE } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, query } from '../../../lib/api.ts';
import { adminKeys } from './keys.ts';

export const USER_LIST_PAGE_SIZE = 10;

export function useCounts() {
  return useQuery({
    queryKey: adminKeys.counts,
    queryFn: async ({ signal }) => {
      const [products, users] = await Promise.all([
        api<ProductCountResponse>('/product/countproduct', { signal }),
        api<UserCountResponse>('/auth/countuser', { signal }),
      ]);
      return { productCount: products.productCount, userCount: users.userCount };
    },
  });
}

/** One page of products, newest first, optionally those whose name contains `q` or that have the problem `fix`. */
export function useProductPage(page: number, q: string, fix = '') {
  return useQuery({
    queryKey: adminKeys.productList({ page, q, fix }),
    queryFn: ({ signal }) =>
      api<ProductsResponse>(`/product/getall${query({ page, limit: PRODUCT_LIST_PAGE_SIZE, sort: 'newest', q, fix })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: adminKeys.product(id),
    queryFn: ({ signal }) =>
      api<ProductResponse>(`/product/getbyid/${encodeURIComponent(id)}`, { signal }).then((r) => r.fetchProduct),
    retry: false,
    staleTime: 0,
  });
}

export function useRepairPage(page: number, q: string, fix = '') {
  return useQuery({
    queryKey: adminKeys.repairList({ page, q, fix }),
    queryFn: ({ signal }) =>
      api<PhoneRepairsResponse>(`/phonerepair/getall${query({ page, limit: REPAIR_LIST_PAGE_SIZE, sort: 'newest', q, fix })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The active models with a problem (`fix=no-repair-prices`: the brands with no repair price); none asked: no query. */
export function useModelsWithFix(fix: string) {
  return useQuery({
    queryKey: adminKeys.modelsWithFix(fix),
    queryFn: ({ signal }) => api<ModelsResponse>(`/model/getall${query({ fix })}`, { signal }).then((r) => r.fetchModel),
    enabled: fix !== '',
  });
}

/** The dashboard's things to fix: only the problems the shop has, each with its count and filtered list. */
export function useFixes() {
  return useQuery({
    queryKey: adminKeys.fixes,
    queryFn: ({ signal }) => api<FixesResponse>('/dashboard/fixes', { signal }).then((r) => r.fetchFixes),
    staleTime: 0,
  });
}

export interface AuditFilters {
  page: number;
  user: string;
  entity: string;
  from: string;
  to: string;
}

/** One page of the history of changes, newest first, with the Activity page's filters. */
export function useAuditPage(filters: AuditFilters) {
  return useQuery({
    queryKey: [...adminKeys.audit, filters],
    queryFn: ({ signal }) => api<AuditListResponse>(`/audit/getall${query({ ...filters, limit: AUDIT_PAGE_SIZE })}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The admins who appear in the history, for the Activity page's filter. */
export function useAuditUsers() {
  return useQuery({
    queryKey: [...adminKeys.audit, 'users'],
    queryFn: ({ signal }) => api<AuditUsersResponse>('/audit/users', { signal }).then((r) => r.users),
  });
}

export function useRepair(id: string) {
  return useQuery({
    queryKey: adminKeys.repair(id),
    queryFn: ({ signal }) =>
      api<PhoneRepairResponse>(`/phonerepair/getbyid/${encodeURIComponent(id)}`, { signal }).then((r) => r.fetchPhoneRepair),
    retry: false,
    staleTime: 0,
  });
}

export function useUserPage(page: number, q: string) {
  return useQuery({
    queryKey: adminKeys.userList(page, q),
    queryFn: ({ signal }) =>
      api<UsersResponse>(`/auth/getall${query({ page, limit: USER_LIST_PAGE_SIZE, q: q || undefined })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One page of every post (drafts and scheduled ones too), newest written first, by title and status. */
export function useBlogList(page: number, q: string, status: string) {
  return useQuery({
    queryKey: adminKeys.blogList({ page, q, status }),
    queryFn: ({ signal }) =>
      api<BlogListResponse>(`/blog/getall${query({ all: 1, page, limit: BLOG_LIST_PAGE_SIZE, q, status })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One page of the inbox, newest first, by status, kind and a dashboard problem ('' for any). */
export function useEnquiryPage(page: number, status: string, kind: string, fix: string) {
  return useQuery({
    queryKey: adminKeys.enquiryList({ page, status, kind, fix }),
    queryFn: ({ signal }) =>
      api<EnquiriesResponse>(`/enquiry/getall${query({ page, limit: ENQUIRY_PAGE_SIZE, status, kind, fix })}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBlogPostById(id: string) {
  return useQuery({
    queryKey: adminKeys.blogPost(id),
    queryFn: ({ signal }) =>
      api<BlogPostAdminResponse>(`/blog/getbyid/${encodeURIComponent(id)}`, { signal }).then((r) => r.fetchPost),
    retry: false,
    staleTime: 0,
  });
}

export function useEnquiry(id: string) {
  return useQuery({
    queryKey: adminKeys.enquiry(id),
    queryFn: ({ signal }) =>
      api<EnquiryResponse>(`/enquiry/getbyid/${encodeURIComponent(id)}`, { signal }).then((r) => r.fetchEnquiry),
    retry: false,
  });
}

/** How many enquiries are new (the sidebar's badge, the dashboard's card); checked again every minute. */
export function useNewEnquiryCount() {
  return useQuery({
    queryKey: adminKeys.newEnquiries,
    queryFn: ({ signal }) =>
      api<EnquiriesResponse>(`/enquiry/getall${query({ status: 'new', limit: 1 })}`, { signal }).then((r) => r.total ?? 0),
    refetchInterval: 60_000,
  });
}
