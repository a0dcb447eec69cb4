import {
  BLOG_FEED_PATH,
  BLOG_FEED_SIZE,
  BLOG_PAGE_SIZE,
  DEFAULT_SHOP_NAME,
  FALLBACK_ADDRESS,
  FALLBACK_EMAIL,
  FALLBACK_PHONE,
  GROUP_CATEGORY,
  isAccessoriesModel,
  isAdminPage,
  listingCanonical,
  listingPath,
  matchListing,
  matchShopPage,
  parseGroup,
  PAGE_MAX,
  pageHeads,
  productCrumb,
  shopPath,
  SHOP_PAGES,
  WEEKDAYS,
  WEEKDAY_NAMES,
  type AppDetail,
  type BlogPost,
  type OpeningHours,
  type PhoneRepair,
  type RepairBrandPage,
  type ShopPage,
  type Product,
} from '@shop/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { slugify } from '../../lib/slugs.ts';
import type { AppDetailsService } from '../app-details/app-details.service.ts';
import type { BlogService } from '../blog/blog.service.ts';
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
  blog: BlogService;
}

/**
 * A page's status and head, or the address it has moved to (a post's former slug, a renamed brand's or phone model's
 * old address, an address in capitals): answered with a 301.
 */
export type PageResult = { status: number; head: PageHead } | { redirect: string };

interface Crumb {
  name: string;
  path: string;
}

const SCHEMA = 'https://schema.org';

const isNotFound = (err: unknown) => err instanceof AppError && err.statusCode === 404;

/** The most addresses one sitemap file may list: the sitemap protocol's limit. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapUrl {
  loc: string;
  /** ISO date and time of the page's last change. */
  lastmod: string;
}

const latest = (dates: string[]) => dates.reduce((a, b) => (b > a ? b : a), '1970-01-01T00:00:00.000Z');
/** When a reader last saw a post change: its last edit, or its coming out when that was later (a scheduled post). */
const postChanged = (p: Pick<BlogPost, 'updatedAt' | 'publishedAt'>) => latest([p.updatedAt, p.publishedAt ?? p.updatedAt]);

/**
 * The sitemap's files for `urls`: the first is /sitemap.xml. While the addresses fit in one file it lists them all;
 * beyond that it is an index of files of `max` addresses each, file n (from 1) at `partUrl(n)`.
 */
export function sitemapFiles(urls: SitemapUrl[], partUrl: (n: number) => string, max = SITEMAP_MAX_URLS): string[] {
  const xml = (root: string, tag: string, entries: SitemapUrl[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
      .map((u) => `  <${tag}><loc>${escapeHtml(u.loc)}</loc><lastmod>${u.lastmod.slice(0, 10)}</lastmod></${tag}>`)
      .join('\n')}\n</${root}>\n`;
  if (urls.length <= max) return [xml('urlset', 'url', urls)];
  const parts = Array.from({ length: Math.ceil(urls.length / max) }, (_, i) => urls.slice(i * max, (i + 1) * max));
  const index = parts.map((part, i) => ({ loc: partUrl(i + 1), lastmod: latest(part.map((u) => u.lastmod)) }));
  return [xml('sitemapindex', 'sitemap', index), ...parts.map((part) => xml('urlset', 'url', part))];
}

/** A UK postcode ('RG1 2BH', 'sw1a1aa'), at the end of what it is tested against. */
const POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})$/i;
/** A last line that only names the country, which addressCountry says. */
const COUNTRY = /^(?:uk|u\.k\.|gb|great britain|united kingdom|england|scotland|wales|northern ireland)$/i;

/**
 * The shop's address, written as one line in the shop settings, as a schema.org PostalAddress: its postcode, and the
 * town before it ('27 Broad Street, Reading RG1 2BH', or '…, Reading, RG1 2BH'), apart when it ends with one; the
 * whole line as the street otherwise.
 */
export function postalAddressLd(address: string) {
  const parts = address
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > 1 && COUNTRY.test(parts.at(-1)!)) parts.pop();
  const code = parts.length ? POSTCODE.exec(parts.at(-1)!) : null;
  const base = { '@type': 'PostalAddress', addressCountry: 'GB' };
  if (!code) return { ...base, streetAddress: address.trim() };
  const postalCode = `${code[1]!.toUpperCase()} ${code[2]!.toUpperCase()}`;
  const beforeCode = parts.at(-1)!.slice(0, code.index).trim();
  if (beforeCode) parts.splice(-1, 1, beforeCode);
  else parts.pop();
  const locality = parts.length > 1 ? parts.pop() : undefined;
  return {
    ...base,
    ...(parts.length ? { streetAddress: parts.join(', ') } : {}),
    ...(locality ? { addressLocality: locality } : {}),
    postalCode,
  };
}

/**
 * The week's hours as schema.org OpeningHoursSpecification, days with the same opening together; closures as
 * special opening hours that open and close at midnight, which is how a closed day is written.
 */
export function openingHoursLd(hours: OpeningHours | null) {
  if (!hours) return {};
  const byRange = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const day of WEEKDAYS) {
    for (const r of hours.week[day]) {
      const key = `${r.open}-${r.close}`;
      // schema.org reads opening and closing at 00:00 as closed: a day that closes at midnight closes at 23:59.
      const entry = byRange.get(key) ?? { opens: r.open, closes: r.close === '00:00' ? '23:59' : r.close, days: [] };
      entry.days.push(WEEKDAY_NAMES[day]);
      byRange.set(key, entry);
    }
  }
  return {
    openingHoursSpecification: [...byRange.values()].map((e) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: e.days,
      opens: e.opens,
      closes: e.closes,
    })),
    ...(hours.closures.length
      ? {
          specialOpeningHoursSpecification: hours.closures.map((c) => ({
            '@type': 'OpeningHoursSpecification',
            name: c.label,
            validFrom: c.from,
            validThrough: c.to,
            opens: '00:00',
            closes: '00:00',
          })),
        }
      : {}),
  };
}

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
      address: postalAddressLd(first?.address ?? FALLBACK_ADDRESS),
      ...(sameAs.length ? { sameAs } : {}),
      ...openingHoursLd(first?.hours ?? null),
    };
    return { name, logo, store, address: first?.address ?? FALLBACK_ADDRESS };
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
      ...(p.images.length ? { image: p.images.map((i) => abs(i.secure_url)) } : {}),
      ...(isAccessoriesModel(p.model.model) ? {} : { brand: { '@type': 'Brand', name: p.model.model } }),
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

  function postLd(p: BlogPost, url: string) {
    return {
      '@context': SCHEMA,
      '@type': 'BlogPosting',
      headline: p.title,
      description: p.excerpt,
      image: [abs(p.cover.secure_url)],
      datePublished: p.publishedAt,
      dateModified: postChanged(p),
      author: p.author ? { '@type': 'Person', name: p.author.name } : { '@id': abs('/#store') },
      publisher: { '@id': abs('/#store') },
      mainEntityOfPage: url,
      url,
      timeRequired: `PT${p.readingMinutes}M`,
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

  const moved = (location: string): PageResult => ({ redirect: location });

  type Page = (
    status: number,
    head: Omit<PageHead, 'siteName' | 'ogType' | 'image' | 'jsonLd'> & Partial<PageHead>,
    crumbs: Crumb[],
    ld?: object[],
  ) => { status: number; head: PageHead };
  interface PageContext {
    path: string;
    params: Record<string, string>;
    search: URLSearchParams;
    shopName: string;
    address: string;
    page: Page;
  }

  /** Each shop page's head, status and structured data (the pages are declared in the shared package). */
  const SHOP: Record<ShopPage, (c: PageContext) => Promise<PageResult> | PageResult> = {
    home: ({ shopName, page }) => page(200, { ...pageHeads.home(shopName), canonical: abs(SHOP_PAGES.home) }, [HOME]),

    listing: async ({ search, shopName, page }) => {
      const filter = search.get('filter')?.trim() ?? '';
      const group = parseGroup(search.get('category'));
      const [models, categories] = await Promise.all([deps.models.listActive(), deps.categories.listActive()]);
      const found = matchListing(group, filter, { models, categories });
      if (filter && !found.match && group !== 'accessory') {
        // A brand's name before it was renamed (its repair pages' old address too): its listing under its name now.
        const renamed = await deps.models.bySlug(slugify(filter, ''));
        if (renamed?.brand.active && !renamed.brand.accessories) return moved(listingPath('smartphone', renamed.brand.model));
      }
      const canonical = listingCanonical(found, filter);
      const label = found.match ?? (found.group ? GROUP_CATEGORY[found.group] : undefined);
      return page(
        200,
        {
          ...pageHeads.listing(shopName, canonical.noindex ? { group: null } : found),
          canonical: abs(canonical.path),
          ...(canonical.noindex ? { noindex: true } : {}),
        },
        [HOME, LISTING, ...(label && !canonical.noindex ? [{ name: label, path: canonical.path }] : [])],
      );
    },

    product: async ({ path, params, shopName, page }) => {
      const url = abs(path);
      const product = await orMissing(() => deps.products.get(params.id!));
      if (!product) {
        return page(404, { ...pageHeads.productMissing(shopName), canonical: url, noindex: true }, [HOME, LISTING]);
      }
      // Only the product's own brand and category decide its crumb: whether each is still shown.
      const [model, category] = await Promise.all([
        deps.models.find(product.model._id),
        product.category ? deps.categories.find(product.category._id) : undefined,
      ]);
      const shown = (r: { _id: string; active: boolean } | undefined) => (r?.active ? [r] : []);
      return page(
        200,
        {
          ...pageHeads.product(shopName, product),
          canonical: url,
          ogType: 'product',
          ...(product.images[0] ? { image: abs(product.images[0].secure_url) } : {}),
        },
        [HOME, productCrumb(product, { models: shown(model), categories: shown(category) }), { name: product.productname, path }],
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
      // The brand's own repair page is the one to index (docs/decisions/0022-repair-pages-and-slugs.md).
      const own = shopPath('repairBrand', { brand: model.slug });
      return page(
        200,
        {
          ...pageHeads.repairTable(shopName, model.model, repairs),
          canonical: abs(own),
          ...(repairs.length ? {} : { noindex: true }),
        },
        [HOME, REPAIRS, { name: model.model, path: own }],
        repairs.length ? [brandServiceLd(model.model, repairs)] : [],
      );
    },

    repairBrand: async ({ path, params, shopName, page }) => {
      const data = await orMissing(() => deps.repairs.brandPage(params.brand!));
      if (!data) return page(404, { ...pageHeads.notFound(shopName), canonical: abs(path), noindex: true }, [HOME, REPAIRS]);
      const own = shopPath('repairBrand', { brand: data.brand.slug });
      if (own !== path) return moved(own);
      // A brand with no repair price yet says so, and is no page to index (nor in the sitemap) until it has one.
      const priced = data.repairs.length > 0;
      return page(
        200,
        {
          ...pageHeads.repairTable(shopName, data.brand.model, data.repairs),
          canonical: abs(own),
          ...(data.brand.file ? { image: abs(data.brand.file.secure_url) } : {}),
          ...(priced ? {} : { noindex: true }),
        },
        [HOME, REPAIRS, { name: data.brand.model, path: own }],
        priced ? [brandServiceLd(data.brand.model, data.repairs)] : [],
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

    blog: async ({ path, search, shopName, page }) => {
      const number = Number(search.get('page') ?? '1');
      const n = Number.isInteger(number) && number > 1 ? number : 1;
      const canonical = abs(n > 1 ? `${path}?page=${n}` : path);
      const crumbs = [HOME, { name: 'Blog', path }];
      if (n > PAGE_MAX) return page(404, { ...pageHeads.notFound(shopName), canonical, noindex: true }, crumbs);
      if (n > 1) {
        const { pages = 0 } = await deps.blog.list({ page: n, limit: BLOG_PAGE_SIZE });
        if (n > pages) return page(404, { ...pageHeads.notFound(shopName), canonical, noindex: true }, crumbs);
      }
      return page(200, { ...pageHeads.blog(shopName, n), canonical }, crumbs);
    },

    blogPost: async ({ path, params, shopName, page }) => {
      const found = await orMissing(() => deps.blog.live(params.slug!));
      const blogCrumb = { name: 'Blog', path: SHOP_PAGES.blog };
      if (!found) return page(404, { ...pageHeads.notFound(shopName), canonical: abs(path), noindex: true }, [HOME, blogCrumb]);
      const { post } = found;
      const own = shopPath('blogPost', { slug: post.slug });
      if (found.moved) return moved(own);
      const url = abs(own);
      return page(
        200,
        {
          ...pageHeads.blogPost(shopName, post),
          canonical: url,
          ogType: 'article',
          image: abs(post.cover.secure_url),
          article: { publishedTime: post.publishedAt!, modifiedTime: postChanged(post) },
        },
        [HOME, blogCrumb, { name: post.title, path: own }],
        [postLd(post, url)],
      );
    },

    contact: ({ path, shopName, address, page }) =>
      page(200, { ...pageHeads.contact(shopName, address), canonical: abs(path) }, [HOME, { name: 'Contact us', path }]),

    privacy: ({ path, shopName, page }) =>
      page(200, { ...pageHeads.privacy(shopName), canonical: abs(path) }, [HOME, { name: 'Privacy notice', path }]),
  };

  return {
    /** The page a path names, as the server renders its head; unknown paths and missing records answer 404. */
    async page(pathname: string, search: URLSearchParams): Promise<PageResult> {
      const { name: shopName, logo, store, address } = await shop();
      const base = {
        siteName: shopName,
        image: logo,
        ogType: 'website' as const,
        feed: { title: `${shopName} blog`, href: abs(BLOG_FEED_PATH) },
      };
      const page: Page = (status, head, crumbs, ld = []) => ({
        status,
        head: { ...base, ...head, jsonLd: [store, ...ld, breadcrumbs(crumbs)] },
      });
      const path = pathname.replace(/\/+$/, '') || '/';
      const found = matchShopPage(path);
      if (found) return SHOP[found.page]({ path, params: found.params, search, shopName, address, page });

      const privatePage = (title: string) =>
        page(200, { ...pageHeads.private(shopName, title), canonical: abs(path), noindex: true }, [HOME]);
      if (path === '/auth/login' || path === '/auth') return privatePage('Sign In');
      if (path === '/auth/register') return privatePage('Sign Up');
      if (isAdminPage(path)) return privatePage('Admin');
      if (path === '/un-authPage') return privatePage('Admins only');
      return page(404, { ...pageHeads.notFound(shopName), canonical: abs(path), noindex: true }, [HOME]);
    },

    /**
     * Home, the listings per active brand and accessory category, every product, the repair page of every brand with a
     * price and of every phone model, the contact page, the blog and every published post: /sitemap.xml, then, for a
     * shop past SITEMAP_MAX_URLS addresses, the files it lists (sitemapFiles).
     */
    async sitemap(): Promise<string[]> {
      const [models, categories, products, firstShop, posts, phonePages] = await Promise.all([
        deps.models.listActive(),
        deps.categories.listActive(),
        deps.products.stamps(),
        deps.appDetails.list(),
        deps.blog.stamps(),
        deps.repairs.phonePages(),
      ]);
      const brands = models.filter((m) => !isAccessoriesModel(m.model));
      // A listing changes with its brand or category and with any product in it.
      const listed = new Map<string, string>();
      for (const p of products) {
        for (const id of [p.modelId, p.categoryId]) if (id && p.updatedAt > (listed.get(id) ?? '')) listed.set(id, p.updatedAt);
      }
      const listingChanged = (r: { _id: string; updatedAt: string }) => latest([r.updatedAt, listed.get(r._id) ?? r.updatedAt]);
      // A brand's repair page shows its phones' prices: it changes with the brand and with any of them.
      const priced = new Map<string, string>();
      for (const p of phonePages) if (p.updatedAt > (priced.get(p.brandId) ?? '')) priced.set(p.brandId, p.updatedAt);
      const shopChanged = firstShop.slice(0, 1).map((a) => a.updatedAt);
      const catalogueChanged = latest([
        ...products.map((p) => p.updatedAt),
        ...models.map((m) => m.updatedAt),
        ...categories.map((c) => c.updatedAt),
        ...shopChanged,
      ]);
      const urls: SitemapUrl[] = [
        { loc: abs(SHOP_PAGES.home), lastmod: catalogueChanged },
        { loc: abs(SHOP_PAGES.listing), lastmod: catalogueChanged },
        { loc: abs(listingPath('smartphone')), lastmod: catalogueChanged },
        { loc: abs(listingPath('accessory')), lastmod: catalogueChanged },
        // A brand or category with no product yet has only "No products found." to show: no page to index.
        ...brands
          .filter((m) => listed.has(m._id))
          .map((m) => ({ loc: abs(listingPath('smartphone', m.model)), lastmod: listingChanged(m) })),
        ...categories
          .filter((c) => listed.has(c._id))
          .map((c) => ({ loc: abs(listingPath('accessory', c.category)), lastmod: listingChanged(c) })),
        { loc: abs(SHOP_PAGES.repairBrands), lastmod: latest(brands.map((m) => m.updatedAt)) },
        { loc: abs(SHOP_PAGES.contact), lastmod: latest(shopChanged) },
        { loc: abs(SHOP_PAGES.privacy), lastmod: latest(shopChanged) },
        ...brands
          .filter((m) => priced.has(m._id))
          .map((m) => ({
            loc: abs(shopPath('repairBrand', { brand: m.slug })),
            lastmod: latest([m.updatedAt, priced.get(m._id)!]),
          })),
        ...phonePages.map((p) => ({ loc: abs(p.path), lastmod: p.updatedAt })),
        ...products.map((p) => ({ loc: abs(shopPath('product', { id: p._id })), lastmod: p.updatedAt })),
        { loc: abs(SHOP_PAGES.blog), lastmod: posts.length ? latest(posts.map(postChanged)) : catalogueChanged },
        ...posts.map((p) => ({ loc: abs(shopPath('blogPost', { slug: p.slug })), lastmod: postChanged(p) })),
      ];
      return sitemapFiles(urls, (n) => abs(`/sitemap-${n}.xml`));
    },

    /** RSS 2.0: the latest published posts, each whole (its HTML, links and images absolute), newest first. */
    async rss(): Promise<string> {
      const [{ name }, posts] = await Promise.all([shop(), deps.blog.feed(BLOG_FEED_SIZE, deps.config.publicUrl)]);
      const blogUrl = abs(SHOP_PAGES.blog);
      const items = posts.map((p) => {
        const url = abs(shopPath('blogPost', { slug: p.slug }));
        const cover = `<p><img src="${escapeHtml(abs(p.cover.secure_url))}" alt="${escapeHtml(p.cover.alt)}" width="${p.cover.width}" height="${p.cover.height}" /></p>`;
        return [
          '    <item>',
          `      <title>${escapeHtml(p.title)}</title>`,
          `      <link>${escapeHtml(url)}</link>`,
          `      <guid isPermaLink="false">${escapeHtml(abs(`/#post-${p._id}`))}</guid>`,
          `      <pubDate>${new Date(p.publishedAt!).toUTCString()}</pubDate>`,
          `      <dc:creator>${escapeHtml(p.author?.name ?? name)}</dc:creator>`,
          `      <description>${escapeHtml(p.excerpt)}</description>`,
          `      <content:encoded>${escapeHtml(cover + p.html)}</content:encoded>`,
          '    </item>',
        ].join('\n');
      });
      const built = latest(posts.map(postChanged));
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
        '  <channel>',
        `    <title>${escapeHtml(`${name} blog`)}</title>`,
        `    <link>${escapeHtml(blogUrl)}</link>`,
        `    <description>${escapeHtml(pageHeads.blog(name).description)}</description>`,
        '    <language>en-GB</language>',
        `    <atom:link href="${escapeHtml(abs(BLOG_FEED_PATH))}" rel="self" type="application/rss+xml" />`,
        ...(posts.length ? [`    <lastBuildDate>${new Date(built).toUTCString()}</lastBuildDate>`] : []),
        ...items,
        '  </channel>',
        '</rss>',
        '',
      ].join('\n');
    },

    robots(): string {
      return [
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /auth',
        'Disallow: /api',
        'Disallow: /search',
        '',
        `Sitemap: ${abs('/sitemap.xml')}`,
        '',
      ].join('\n');
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
