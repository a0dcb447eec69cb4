import {
  DEFAULT_SHOP_NAME,
  FALLBACK_ADDRESS,
  FALLBACK_EMAIL,
  FALLBACK_PHONE,
  isAccessoriesModel,
  matchShopPage,
  pageHeads,
  shopPath,
  SHOP_PAGES,
  type AppDetail,
  type PhoneRepair,
  type RepairBrandPage,
  type ShopPage,
  type Product,
} from '@shop/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppDetailsService } from '../app-details/app-details.service.ts';
import type { CategoriesService } from '../categories/categories.service.ts';
import type { ModelsService } from '../models/models.service.ts';
import type { PhoneRepairsService } from '../phone-repairs/phone-repairs.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import { escapeHtml, type PageHead } from './seo.html.ts';

interface Deps {
  config: Pick<Config, 'publicUrl'>;
  products: ProductsService;
  models: ModelsService;
  categories: CategoriesService;
  repairs: PhoneRepairsService;
  appDetails: AppDetailsService;
}

/** A page's status and head, or (for a renamed brand's or phone model's old address) where it moved to. */
export type PageResult = { status: number; head: PageHead } | { status: 301; location: string };

interface Crumb {
  name: string;
  path: string;
}

const SCHEMA = 'https://schema.org';
const PRODUCT_IMAGE_SIZES = '(min-width: 1024px) 600px, 100vw';

const isNotFound = (err: unknown) => err instanceof AppError && err.statusCode === 404;

/** The head, status and structured data of every page, from live records; the sitemap and robots.txt. */
export function createSeoService(deps: Deps) {
  const abs = (path: string) => new URL(path, `${deps.config.publicUrl}/`).toString();

  async function shop() {
    const first: AppDetail | undefined = (await deps.appDetails.list())[0];
    const name = first?.shopname ?? DEFAULT_SHOP_NAME;
    const logo = abs(first?.file?.secure_url ?? '/logo.svg');
    const sameAs = [first?.facebook, first?.instagram, first?.x].filter((u): u is string => Boolean(u));
    const store = {
      '@context': SCHEMA,
      '@type': 'MobilePhoneStore',
      '@id': abs('/#store'),
      name,
      url: abs(SHOP_PAGES.home),
      logo,
      image: logo,
      telephone: first?.phoneno ?? FALLBACK_PHONE,
      email: first?.email ?? FALLBACK_EMAIL,
      address: { '@type': 'PostalAddress', streetAddress: first?.address ?? FALLBACK_ADDRESS, addressCountry: 'GB' },
      ...(sameAs.length ? { sameAs } : {}),
    };
    return { name, logo, store };
  }

  function breadcrumbs(crumbs: Crumb[]) {
    return {
      '@context': SCHEMA,
      '@type': 'BreadcrumbList',
      itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: abs(c.path) })),
    };
  }

  const HOME: Crumb = { name: 'Home', path: SHOP_PAGES.home };
  const LISTING: Crumb = { name: 'Shop', path: SHOP_PAGES.listing };
  const REPAIRS: Crumb = { name: 'Phone Repair', path: SHOP_PAGES.repairBrands };

  function productLd(p: Product, url: string) {
    return {
      '@context': SCHEMA,
      '@type': 'Product',
      name: p.productname,
      description: p.description,
      sku: p._id,
      image: p.images.map((i) => abs(i.secure_url)),
      brand: { '@type': 'Brand', name: p.model.model },
      color: p.color,
      offers: {
        '@type': 'Offer',
        price: p.price.toFixed(2),
        priceCurrency: 'GBP',
        availability: p.availability === 'In Stock' ? `${SCHEMA}/InStock` : `${SCHEMA}/OutOfStock`,
        url,
        seller: { '@id': abs('/#store') },
      },
    };
  }

  /** A record a page shows, or undefined when the service answers 404. */
  async function orMissing<T>(load: () => Promise<T>): Promise<T | undefined> {
    try {
      return await load();
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  const repairName = (r: PhoneRepair) => `${r.productname} ${r.repair.repaircategory} Repair`;

  /** A brand's repair prices as one Service with its offers (the brand pages). */
  function brandServiceLd(brand: string, repairs: PhoneRepair[]) {
    return {
      '@context': SCHEMA,
      '@type': 'Service',
      name: `${brand} phone repair`,
      serviceType: 'Mobile phone repair',
      provider: { '@id': abs('/#store') },
      areaServed: 'GB',
      hasOfferCatalog: {
        '@type': 'OfferCatalog',
        name: `${brand} phone repair prices`,
        itemListElement: repairs.map((r) => ({
          '@type': 'Offer',
          price: r.price.toFixed(2),
          priceCurrency: 'GBP',
          itemOffered: { '@type': 'Service', name: repairName(r) },
        })),
      },
    };
  }

  /** One Service per repair of a phone model, each with its offer in GBP (the phone model pages). */
  function repairServicesLd(data: RepairBrandPage, url: string) {
    return data.repairs.map((r) => ({
      '@context': SCHEMA,
      '@type': 'Service',
      name: repairName(r),
      serviceType: `${r.repair.repaircategory} repair`,
      brand: { '@type': 'Brand', name: data.brand.model },
      provider: { '@id': abs('/#store') },
      areaServed: 'GB',
      offers: { '@type': 'Offer', price: r.price.toFixed(2), priceCurrency: 'GBP', url, seller: { '@id': abs('/#store') } },
    }));
  }

  const moved = (location: string): PageResult => ({ status: 301, location });

  type Page = (status: number, head: Omit<PageHead, 'siteName' | 'ogType' | 'image' | 'jsonLd'> & Partial<PageHead>, crumbs: Crumb[], ld?: object[]) => PageResult;
  interface PageContext {
    path: string;
    params: Record<string, string>;
    search: URLSearchParams;
    shopName: string;
    page: Page;
  }

  /** Each shop page's head, status and structured data (the pages are declared in the shared package). */
  const SHOP: Record<ShopPage, (c: PageContext) => Promise<PageResult> | PageResult> = {
    home: ({ shopName, page }) => page(200, { ...pageHeads.home(shopName), canonical: abs(SHOP_PAGES.home) }, [HOME]),

    listing: ({ search, page }) => {
      const category = search.get('category')?.trim();
      const filter = search.get('filter')?.trim();
      const canonical = new URL(abs(SHOP_PAGES.listing));
      if (category) canonical.searchParams.set('category', category);
      if (category && filter) canonical.searchParams.set('filter', filter);
      const label = filter || category;
      return page(
        200,
        { ...pageHeads.listing(), canonical: canonical.toString() },
        [HOME, LISTING, ...(label ? [{ name: label, path: canonical.pathname + canonical.search }] : [])],
      );
    },

    product: async ({ path, params, shopName, page }) => {
      const url = abs(path);
      const product = await orMissing(() => deps.products.get(params.id!));
      if (!product) {
        return page(404, { ...pageHeads.productMissing(shopName), canonical: url, noindex: true }, [HOME, LISTING]);
      }
      return page(
        200,
        {
          ...pageHeads.product(shopName, product),
          canonical: url,
          ogType: 'product',
          ...(product.images[0]
            ? {
                image: abs(product.images[0].secure_url),
                // The sizes of the product page's main image (apps/web ProductGallery), so the preload is the file it shows.
                preloadImage: { href: product.images[0].secure_url, srcset: product.images[0].srcset, sizes: PRODUCT_IMAGE_SIZES },
              }
            : {}),
        },
        [HOME, LISTING, { name: product.productname, path }],
        [productLd(product, url)],
      );
    },

    repairBrands: ({ shopName, page }) =>
      page(200, { ...pageHeads.repairBrands(shopName), canonical: abs(SHOP_PAGES.repairBrands) }, [HOME, REPAIRS]),

    repairTable: async ({ path, params, shopName, page }) => {
      const url = abs(path);
      const model = await deps.models.find(params.id!);
      if (!model || !model.active || model.accessories) {
        return page(404, { ...pageHeads.repairMissing(shopName), canonical: url, noindex: true }, [HOME, REPAIRS]);
      }
      const repairs = await deps.repairs.forModel(model._id);
      return page(
        200,
        // The brand's own repair page is the one to index (docs/decisions/0030-repair-pages-and-slugs.md).
        { ...pageHeads.repairTable(shopName, model.model, repairs), canonical: abs(shopPath('repairBrand', { brand: model.slug })) },
        [HOME, REPAIRS, { name: model.model, path }],
        [brandServiceLd(model.model, repairs)],
      );
    },

    repairBrand: async ({ path, params, shopName, page }) => {
      const data = await orMissing(() => deps.repairs.brandPage(params.brand!));
      if (!data) return page(404, { ...pageHeads.notFound(shopName), canonical: abs(path), noindex: true }, [HOME, REPAIRS]);
      const own = shopPath('repairBrand', { brand: data.brand.slug });
      if (own !== path) return moved(own);
      return page(
        200,
        {
          ...pageHeads.repairTable(shopName, data.brand.model, data.repairs),
          canonical: abs(own),
          ...(data.brand.file ? { image: abs(data.brand.file.secure_url) } : {}),
        },
        [HOME, REPAIRS, { name: data.brand.model, path: own }],
        [brandServiceLd(data.brand.model, data.repairs)],
      );
    },

    repairModel: async ({ path, params, shopName, page }) => {
      const data = await orMissing(() => deps.repairs.modelPage(params.brand!, params.model!));
      if (!data) return page(404, { ...pageHeads.notFound(shopName), canonical: abs(path), noindex: true }, [HOME, REPAIRS]);
      const brandPath = shopPath('repairBrand', { brand: data.brand.slug });
      const own = shopPath('repairModel', { brand: data.brand.slug, model: data.phone.slug });
      if (own !== path) return moved(own);
      return page(
        200,
        {
          ...pageHeads.repairModel(shopName, data.phone.name, data.repairs),
          canonical: abs(own),
          ...(data.brand.file ? { image: abs(data.brand.file.secure_url) } : {}),
        },
        [HOME, REPAIRS, { name: data.brand.model, path: brandPath }, { name: data.phone.name, path: own }],
        repairServicesLd(data, abs(own)),
      );
    },

    search: ({ search, shopName, page }) => {
      const q = search.get('q')?.trim() ?? '';
      const canonical = new URL(abs(SHOP_PAGES.search));
      if (q) canonical.searchParams.set('q', q);
      return page(200, { ...pageHeads.search(shopName, q), canonical: canonical.toString(), noindex: true }, [
        HOME,
        { name: 'Search', path: SHOP_PAGES.search },
      ]);
    },

    blog: ({ path, shopName, page }) => page(200, { ...pageHeads.blog(shopName), canonical: abs(path) }, [HOME, { name: 'Blog', path }]),
  };

  return {
    /** The page a path names, as the server renders its head; unknown paths and missing records answer 404. */
    async page(pathname: string, search: URLSearchParams): Promise<PageResult> {
      const { name: shopName, logo, store } = await shop();
      const base = { siteName: shopName, image: logo, ogType: 'website' as const };
      const page: Page = (status, head, crumbs, ld = []) => ({
        status,
        head: { ...base, ...head, jsonLd: [store, ...ld, breadcrumbs(crumbs)] },
      });
      const path = pathname.replace(/\/+$/, '') || '/';
      const found = matchShopPage(path);
      if (found) return SHOP[found.page]({ path, params: found.params, search, shopName, page });

      const privatePage = (title: string) => page(200, { title: `${title} | ${shopName}`, description: `${shopName}`, canonical: abs(path), noindex: true }, [HOME]);
      if (path === '/auth/login' || path === '/auth') return privatePage('Sign In');
      if (path === '/auth/register') return privatePage('Sign Up');
      if (path === '/admin' || path.startsWith('/admin/')) return privatePage('Admin');
      if (path === '/un-authPage') return privatePage('Admins only');
      return page(404, { ...pageHeads.notFound(shopName), canonical: abs(path), noindex: true }, [HOME]);
    },

    /** Home, the listings per active brand and accessory category, every product, and every brand's and phone model's repair page. */
    async sitemap(): Promise<string> {
      const [models, categories, products, firstShop, phonePages] = await Promise.all([
        deps.models.listActive(),
        deps.categories.listActive(),
        deps.products.stamps(),
        deps.appDetails.list(),
        deps.repairs.phonePages(),
      ]);
      const brands = models.filter((m) => !isAccessoriesModel(m.model));
      const latest = (dates: string[]) => dates.reduce((a, b) => (b > a ? b : a), '1970-01-01T00:00:00.000Z');
      const catalogueChanged = latest([
        ...products.slice(0, 1).map((p) => p.updatedAt),
        ...models.map((m) => m.updatedAt),
        ...categories.map((c) => c.updatedAt),
        ...firstShop.slice(0, 1).map((a) => a.updatedAt),
      ]);
      const listing = (category: string, filter?: string) => {
        const u = new URL(abs(SHOP_PAGES.listing));
        u.searchParams.set('category', category);
        if (filter) u.searchParams.set('filter', filter);
        return u.toString();
      };
      const urls: { loc: string; lastmod: string }[] = [
        { loc: abs(SHOP_PAGES.home), lastmod: catalogueChanged },
        { loc: abs(SHOP_PAGES.listing), lastmod: catalogueChanged },
        { loc: listing('Smart phones'), lastmod: catalogueChanged },
        { loc: listing('Accessories'), lastmod: catalogueChanged },
        ...brands.map((m) => ({ loc: listing('Smart phones', m.model), lastmod: m.updatedAt })),
        ...categories.map((c) => ({ loc: listing('Accessories', c.category), lastmod: c.updatedAt })),
        { loc: abs(SHOP_PAGES.repairBrands), lastmod: latest(brands.map((m) => m.updatedAt)) },
        ...brands.map((m) => ({ loc: abs(shopPath('repairBrand', { brand: m.slug })), lastmod: m.updatedAt })),
        ...phonePages.map((p) => ({ loc: abs(p.path), lastmod: p.updatedAt })),
        ...products.map((p) => ({ loc: abs(shopPath('product', { id: p._id })), lastmod: p.updatedAt })),
      ];
      const body = urls
        .map((u) => `  <url><loc>${escapeHtml(u.loc)}</loc><lastmod>${u.lastmod.slice(0, 10)}</lastmod></url>`)
        .join('\n');
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
    },

    robots(): string {
      return ['User-agent: *', 'Disallow: /admin', 'Disallow: /auth', 'Disallow: /api', 'Disallow: /search', '', `Sitemap: ${abs('/sitemap.xml')}`, ''].join(
        '\n',
      );
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
