import { keys } from '../../../lib/catalogue.ts';

/**
 * Query keys of the admin console. Lists of shop data sit under the shop's own prefixes
 * (lib/catalogue.ts), so invalidating `keys.products` refreshes the shop and the console alike;
 * the admin-only data (counts, accounts) sits under 'admin', which sign-out clears.
 */
export const adminKeys = {
  productList: (params: { page: number; q: string; fix: string }) => [...keys.products, 'admin-list', params] as const,
  /** Every page and search of the product list filtered to one of the dashboard's problems. */
  productListWithFix: (fix: string) => [...keys.products, 'admin-list', { fix }] as const,
  product: (id: string) => [...keys.products, 'admin-byId', id] as const,
  repairList: (params: { page: number; q: string; fix: string }) => [...keys.phoneRepairs, 'admin-list', params] as const,
  modelsWithFix: (fix: string) => [...keys.models, 'admin-fix', fix] as const,
  repair: (id: string) => [...keys.phoneRepairs, 'admin-byId', id] as const,
  blogList: (params: { page: number; q: string; status: string }) => [...keys.blog, 'admin-list', params] as const,
  blogPost: (id: string) => [...keys.blog, 'admin-byId', id] as const,
  counts: ['admin', 'counts'] as const,
  /** The dashboard's things to fix: every catalogue change can change them, so they are refetched on each visit. */
  fixes: ['admin', 'fixes'] as const,
  /** The history of changes: any admin change adds to it. */
  audit: ['admin', 'audit'] as const,
  users: ['admin', 'users'] as const,
  /** The last bulk change or import of each list, while it can be undone. */
  lastPriceChange: ['admin', 'last-change', 'repair prices'] as const,
  lastProductImport: ['admin', 'last-change', 'products'] as const,
  userList: (page: number, q: string) => ['admin', 'users', { page, q }] as const,
  enquiries: ['admin', 'enquiries'] as const,
  enquiryLists: ['admin', 'enquiries', 'list'] as const,
  enquiryList: (params: { page: number; status: string; kind: string; fix: string }) => ['admin', 'enquiries', 'list', params] as const,
  enquiry: (id: string) => ['admin', 'enquiries', 'byId', id] as const,
  newEnquiries: ['admin', 'enquiries', 'new-count'] as const,
};
