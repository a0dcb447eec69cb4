import type { ShopPage } from '@shop/shared';
import { lazy } from 'react';
import { BookRepairButton } from '../components/enquiry/BookRepairButton.tsx';
import { SendEnquiryButton } from '../components/enquiry/EnquiryButton.tsx';
import { OpenStatus } from '../components/layout/OpenStatus.tsx';
import { SearchBox } from '../components/layout/SearchBox.tsx';
import { ShopHeader } from '../components/layout/ShopHeader.tsx';
import { ClosedExtrasOnceLive, OpenNowOnceLive } from '../components/live.tsx';

/** The parts of one page alone, each page's a chunk that only that page loads. */
const home = () => import('../features/shop/home-islands.ts');
const product = () => import('../features/shop/product-islands.ts');
const listing = () => import('../features/shop/listing-islands.ts');

/**
 * The interactive parts of a shop page, each hydrated alone by islands.tsx where the server rendered the page; the
 * rest of the page stays the server's HTML (docs/decisions/0040-islands.md). A part is placed with `<Island>`
 * (app/island.tsx) and takes only props that survive JSON, since it is handed them from the page.
 */
export const ISLANDS = {
  header: ShopHeader,
  'open-status': OpenStatus,
  search: SearchBox,
  'closed-extras': ClosedExtrasOnceLive,
  'book-repair': BookRepairButton,
  'send-enquiry': SendEnquiryButton,
  'open-now': OpenNowOnceLive,
  gallery: lazy(() => product().then((m) => ({ default: m.ProductGallery }))),
  'product-tabs': lazy(() => home().then((m) => ({ default: m.ProductTabs }))),
  'product-carousel': lazy(() => home().then((m) => ({ default: m.ProductCarousel }))),
  'listing-results': lazy(() => listing().then((m) => ({ default: m.ListingResults }))),
};

export type IslandName = keyof typeof ISLANDS;

/** The shop pages sent as islands; the others are still taken over whole by the app (main.tsx). */
export const ISLAND_PAGES: ReadonlySet<ShopPage> = new Set<ShopPage>([
  'privacy',
  'blog',
  'blogPost',
  'repairBrands',
  'repairTable',
  'repairBrand',
  'repairModel',
  'search',
  'product',
  'home',
  'listing',
]);
