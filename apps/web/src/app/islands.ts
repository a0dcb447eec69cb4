import { lazy } from 'react';
import { BookRepairButton } from '../components/enquiry/BookRepairButton.tsx';
import { SendEnquiryButton } from '../components/enquiry/EnquiryButton.tsx';
import { SearchBox } from '../components/layout/SearchBox.tsx';
import { HeaderControls } from '../components/layout/HeaderControls.tsx';
import { ClosedExtrasByClock, ClosuresByClock, OpenNowByClock, OpenStatus } from '../components/live.tsx';

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
  header: HeaderControls,
  'open-status': OpenStatus,
  search: SearchBox,
  'closed-extras': ClosedExtrasByClock,
  'book-repair': BookRepairButton,
  'send-enquiry': SendEnquiryButton,
  'open-now': OpenNowByClock,
  gallery: lazy(() => product().then((m) => ({ default: m.ProductGallery }))),
  'product-tabs': lazy(() => home().then((m) => ({ default: m.ProductTabs }))),
  'product-carousel': lazy(() => home().then((m) => ({ default: m.ProductCarousel }))),
  'listing-results': lazy(() => listing().then((m) => ({ default: m.ListingResults }))),
  closures: ClosuresByClock,
  // The contact page's form, with the form libraries: hydrated when used (HYDRATED_WHEN_USED).
  'enquiry-form': lazy(() => import('../components/enquiry/EnquiryForm.tsx')),
};

export type IslandName = keyof typeof ISLANDS;

/**
 * Parts that work as the server drew them until the visitor uses them, whose code is too big to load before: each is
 * hydrated at the first touch inside it (islands.tsx). The form posts itself without its code
 * (docs/decisions/0039-contact-form-without-the-app.md).
 */
export const HYDRATED_WHEN_USED: ReadonlySet<IslandName> = new Set<IslandName>(['enquiry-form']);
