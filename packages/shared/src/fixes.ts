/**
 * The dashboard's "things to fix" (issue 20): each problem a list can be filtered to (`?fix=` on its page and its
 * getall call), with the words the dashboard card and the filtered list use.
 */

export const PRODUCT_FIXES = {
  'needs-pictures': 'Products with fewer than 2 images',
  'no-description': 'Products with no description',
  'same-name': 'Products sharing a name and brand with another',
  'no-repair-prices': 'Phones sold with no repair prices for the same model',
  'out-of-stock-home': 'Out-of-stock products shown first on the home page',
} as const;
export type ProductFix = keyof typeof PRODUCT_FIXES;

export const REPAIR_FIXES = {
  'unchanged-12-months': 'Repair prices unchanged for 12 months',
} as const;
export type RepairFix = keyof typeof REPAIR_FIXES;

export const ENQUIRY_FIXES = {
  'new-over-a-day': 'Enquiries new for more than a day',
} as const;
export type EnquiryFix = keyof typeof ENQUIRY_FIXES;

/** An enquiry still new this long after it arrived is one to answer. */
export const ENQUIRY_WAITING_MS = 24 * 60 * 60 * 1000;

export const MODEL_FIXES = {
  'no-repair-prices': 'Brands with no repair prices',
} as const;
export type ModelFix = keyof typeof MODEL_FIXES;

/** A repair price counts as stale when unchanged for this many months. */
export const STALE_REPAIR_MONTHS = 12;

/** One card of the dashboard: a problem, how many records have it, and the list filtered to them. */
export interface Fix {
  key: string;
  title: string;
  count: number;
  /** The console's list filtered to the problem, e.g. '/admin/productlist?fix=needs-pictures'. */
  to: string;
}
