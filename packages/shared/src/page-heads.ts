import { LISTING_DESCRIPTION, LISTING_KEYWORDS, LISTING_TITLE } from './constants.ts';
import type { ListingGroup } from './listing.ts';
import { formatGBP } from './money.ts';

/**
 * The title and description of every shop page, written once: the server renders them into the first
 * HTML response for crawlers and link previews, and the web app sets the same as the visitor navigates.
 */
export interface PageHeadText {
  title: string;
  description: string;
  keywords?: string;
}

/** Clips text for a meta description without cutting a word in half. */
export function clipDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.lastIndexOf(' ', max - 1);
  return `${flat.slice(0, cut > 80 ? cut : max - 1)}…`;
}

export const pageHeads = {
  home: (shop: string): PageHeadText => ({
    title: `${shop} | Smartphones, Accessories & Phone Repairs`,
    description: `Buy smartphones and accessories and get your phone repaired at ${shop}. See our prices online and call us to buy.`,
  }),
  /**
   * The listing, as it is filtered: its title is the spec's for every filter; its description names the brand or
   * accessory category shown (`match`, as the shop spells it), or the group, so that each address describes its own.
   */
  listing: (shop: string, shown: { group: ListingGroup | null; match?: string }): PageHeadText => {
    const what = shown.match
      ? shown.group === 'accessory'
        ? shown.match
        : `${shown.match} phones`
      : shown.group && (shown.group === 'accessory' ? 'Phone accessories' : 'Smartphones');
    const description = what
      ? clipDescription(`${what} at ${shop}, your local UK phone shop: see the prices and what is in stock, then call us to buy.`)
      : LISTING_DESCRIPTION;
    return { title: LISTING_TITLE, description, keywords: LISTING_KEYWORDS };
  },
  product: (shop: string, p: { productname: string; price: number; description: string }): PageHeadText => ({
    title: `${p.productname} – ${formatGBP(p.price)} | ${shop}`,
    description: clipDescription(`${p.productname} for ${formatGBP(p.price)} at ${shop}. ${p.description}`),
  }),
  productMissing: (shop: string): PageHeadText => ({ title: `Product not found | ${shop}`, description: 'This product is no longer available.' }),
  repairBrands: (shop: string): PageHeadText => ({
    title: `Phone Repair Prices | ${shop}`,
    description: `Screen, battery, charging port and camera repair prices for every brand at ${shop}. Select your phone brand.`,
  }),
  repairTable: (shop: string, brand: string, repairs: { productname: string; repair: { repaircategory: string }; price: number }[]): PageHeadText => ({
    title: `${brand} phone repair prices | ${shop}`,
    description: clipDescription(
      `${brand} phone repair prices at ${shop}: ${repairs
        .slice(0, 4)
        .map((r) => `${r.productname} ${r.repair.repaircategory} ${formatGBP(r.price)}`)
        .join(', ')}${repairs.length ? '.' : ''} Call us to book.`,
    ),
  }),
  repairModel: (shop: string, phone: string, repairs: { repair: { repaircategory: string }; price: number }[]): PageHeadText => {
    const from = repairs.reduce((min, r) => Math.min(min, r.price), Number.POSITIVE_INFINITY);
    return {
      title: `${phone} repairs${repairs.length ? ` from ${formatGBP(from)}` : ''} | ${shop}`,
      description: clipDescription(
        `${phone} repair prices at ${shop}: ${repairs.map((r) => `${r.repair.repaircategory} ${formatGBP(r.price)}`).join(', ')}${
          repairs.length ? '.' : ''
        } Call us to book.`,
      ),
    };
  },
  search: (shop: string, q: string): PageHeadText => ({
    title: q ? `Search results for "${q.length > 60 ? `${q.slice(0, 59)}…` : q}" | ${shop}` : `Search | ${shop}`,
    description: `Find phone repairs, phones and accessories at ${shop}.`,
  }),
  repairMissing: (shop: string): PageHeadText => ({
    title: `Repair prices not found | ${shop}`,
    description: 'We have no repair prices for this brand.',
  }),
  blog: (shop: string, page = 1): PageHeadText => ({
    title: page > 1 ? `Blog, page ${page} | ${shop}` : `Blog | ${shop}`,
    description: `Phone repair guides, buying advice and offers from ${shop}.`,
  }),
  blogPost: (shop: string, post: { title: string; excerpt: string }): PageHeadText => ({
    title: `${post.title} | ${shop}`,
    description: clipDescription(post.excerpt),
  }),
  contact: (shop: string, address: string): PageHeadText => ({
    title: `Contact us | ${shop}`,
    description: clipDescription(
      `Find ${shop} at ${address}: opening hours, directions, and a form to send us an enquiry or book a repair at any hour.`,
    ),
  }),
  privacy: (shop: string): PageHeadText => ({
    title: `Privacy notice | ${shop}`,
    description: `How ${shop} uses and keeps the details you send us with an enquiry or a repair booking.`,
  }),
  notFound: (shop: string): PageHeadText => ({ title: `Page not found | ${shop}`, description: 'Oops! Page not found' }),
  /** A page kept out of search engines: signing in or up, the admin console, 'Admins only'. */
  private: (shop: string, page: string): PageHeadText => ({ title: `${page} | ${shop}`, description: shop }),
};
