/**
 * The shop's pages, each one's address declared once: the web app's router (apps/web/src/app/App.tsx), the
 * server's renderer and preloads (apps/api/src/plugins/web.ts) and each page's head and status
 * (apps/api/src/modules/seo/seo.service.ts) all take their pages from here, keyed by name, so a page added here
 * must be given to each of them (their maps are typed by `ShopPage`).
 *
 * A segment starting with ':' is a parameter: one non-empty path segment.
 */
export const SHOP_PAGES = {
  home: '/shop/home',
  listing: '/shop/product',
  product: '/shop/productpage/:id',
  repairBrands: '/shop/phonerepair',
  repairTable: '/shop/phonerepairdetail/:id',
  blog: '/shop/blog',
  blogPost: '/shop/blog/:slug',
  contact: '/contact',
  privacy: '/privacy',
  /** A brand's repair prices, at its slug; the spec's `repairTable` address keeps working and names this one canonical. */
  repairBrand: '/repairs/:brand',
  /** One phone model's repair prices, at its brand's slug and its own. */
  repairModel: '/repairs/:brand/:model',
  search: '/search',
} as const;

export type ShopPage = keyof typeof SHOP_PAGES;

/**
 * The query parameters each shop page reads: the server draws and keeps a page by its path and these alone, so any
 * other (a campaign's utm_source or fbclid) changes nothing on it (apps/api/src/plugins/web.ts). A page that comes
 * to read another parameter names it here (apps/web/src/app/page-query.test.tsx holds every page to it).
 */
export const SHOP_PAGE_QUERY: Record<ShopPage, readonly string[]> = {
  home: [],
  listing: ['category', 'filter', 'sort', 'page'],
  product: [],
  repairBrands: [],
  repairTable: [],
  blog: ['page'],
  blogPost: [],
  contact: ['sent', 'repair', 'product'],
  privacy: [],
  repairBrand: [],
  repairModel: [],
  search: ['q', 'kind'],
};

/** The parameter names of a page's pattern, as a type: `shopPath('product', { id })`. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type ShopPageParams<K extends ShopPage> = Record<ParamsOf<(typeof SHOP_PAGES)[K]>, string>;

/** The path of a page, its parameters encoded: `shopPath('product', { id: 'abc' })` is '/shop/productpage/abc'. */
export function shopPath<K extends ShopPage>(
  page: K,
  ...params: ParamsOf<(typeof SHOP_PAGES)[K]> extends never ? [] : [ShopPageParams<K>]
): string {
  const values = (params[0] ?? {}) as Record<string, string>;
  return SHOP_PAGES[page].replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? ''));
}

export interface ShopPageMatch {
  page: ShopPage;
  /** Decoded. */
  params: Record<string, string>;
}

/** The page of `patterns` a pathname is (a trailing slash allowed), with its decoded parameters. */
function matcher<P extends string>(patterns: Record<P, string>) {
  const compiled = (Object.entries(patterns) as [P, string][]).map(([page, pattern]) => ({ page, segments: pattern.split('/') }));
  return (pathname: string): { page: P; params: Record<string, string> } | undefined => {
    const path = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).split('/');
    for (const { page, segments } of compiled) {
      if (segments.length !== path.length) continue;
      const params: Record<string, string> = {};
      const matches = segments.every((segment, i) => {
        const given = path[i]!;
        if (!segment.startsWith(':')) return segment === given;
        if (!given) return false;
        try {
          params[segment.slice(1)] = decodeURIComponent(given);
          return true;
        } catch {
          return false;
        }
      });
      if (matches) return { page, params };
    }
    return undefined;
  };
}

/** The shop page a pathname is (a trailing slash allowed), with its decoded parameters; undefined for any other path. */
export const matchShopPage: (pathname: string) => ShopPageMatch | undefined = matcher(SHOP_PAGES);

/**
 * The admin console's pages, declared once: its router (apps/web/src/features/admin/AdminApp.tsx, whose map is typed
 * by `AdminPage`) draws each, and the server answers any other address below /admin as not found
 * (apps/api/src/modules/seo/seo.service.ts).
 */
export const ADMIN_PAGES = {
  dashboard: '/admin/dashboard',
  enquiries: '/admin/enquiries',
  enquiry: '/admin/enquiries/:id',
  appDetail: '/admin/appdetail',
  addProduct: '/admin/addproduct',
  products: '/admin/productlist',
  updateProduct: '/admin/updateproduct/:id',
  addRepair: '/admin/addphonerepair',
  repairs: '/admin/phonerepairlist',
  updateRepair: '/admin/updatephonerepair/:id',
  addPost: '/admin/addblog',
  posts: '/admin/bloglist',
  updatePost: '/admin/updateblog/:id',
  users: '/admin/userdetail',
  models: '/admin/addmodel',
  repairCategories: '/admin/repaircategory',
  accessoryCategories: '/admin/acccategory',
  activity: '/admin/activity',
} as const;

export type AdminPage = keyof typeof ADMIN_PAGES;

const matchAdminPage = matcher(ADMIN_PAGES);

/** Whether a pathname is the admin console's (its start, /admin, or one of its pages). */
export const isAdminPage = (pathname: string): boolean =>
  /^\/admin\/*$/.test(pathname) || matchAdminPage(pathname) !== undefined;

/**
 * The contact page with its form about a repair price or a product (by id), or the general form: where an enquiry
 * button leads before the shop's app is live, and where the server draws a refused form again.
 */
export function contactPath(about: { productId?: string | undefined; repairId?: string | undefined } = {}): string {
  if (about.repairId) return `${SHOP_PAGES.contact}?repair=${encodeURIComponent(about.repairId)}`;
  if (about.productId) return `${SHOP_PAGES.contact}?product=${encodeURIComponent(about.productId)}`;
  return SHOP_PAGES.contact;
}

