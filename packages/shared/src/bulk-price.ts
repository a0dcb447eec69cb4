import { z } from 'zod';
import { MAX_PRICE_POUNDS } from './constants.ts';
import { decimalOf, twoPlaces } from './fields.ts';

/** The repair price bulk change (issue 20): its payload and messages, shared by the console's panel and the API. */

export const PRICE_CHANGE_TYPES = ['percent', 'amount'] as const;
export const PRICE_ROUNDINGS = ['none', 'whole', '99'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];

/** The lowest price a bulk change may leave, in pence: the repair form's minimum of £1. */
export const MIN_REPAIR_PENCE = 100;
/** The highest price a bulk change may leave, in pence: the repair form's maximum. */
export const MAX_REPAIR_PENCE = MAX_PRICE_POUNDS * 100;

export const bulkPriceMessages = {
  value: 'Enter the change as a number',
  zero: 'The change cannot be zero',
  percentRange: 'A percentage change must be between -99 and 1000',
  percentPlaces: 'A percentage may have at most 2 decimal places',
  amountRange: 'An amount must be between -£100,000 and £100,000',
  amountPlaces: 'An amount may have at most 2 decimal places (pence)',
  type: 'Change type must be percent or amount',
  round: 'Rounding must be none, whole or 99',
  nothing: 'No repair prices match this scope',
  noChange: 'This change leaves every price in the scope as it is',
  nothingToUndo: 'There is no price change to undo',
  undone: 'The last price change has already been undone',
  notLast: 'Another price change was made after this one, so this one can no longer be undone',
  cannotUndo: (n: number) => `It can no longer be undone: ${n.toLocaleString('en-GB')} ${n === 1 ? 'price was' : 'prices were'} changed or deleted since`,
  previewStale: 'The prices in this scope changed since the preview: preview again to see the change before applying it',
} as const;

const scopeText = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .optional()
    .transform((s) => (s ? s : undefined));

/**
 * POST /api/phonerepair/bulkprice/undo and /api/product/import/undo: `change`, the id a bulk change or an import
 * answered, undoes that change only while it is still the last one; without it, the last change is undone.
 */
export const undoSchema = z.object({
  change: z.string({ error: 'Invalid change id' }).max(64, { error: 'Invalid change id' }).optional(),
});

/**
 * POST /api/phonerepair/bulkprice. The scope is any combination of a brand (`model`, its id), a repair type
 * (`repair`, a repair category id) and a phone name (`productname`, any letter case); none means every repair price.
 * The change is signed: 10 raises by 10% (or £10), -10 lowers. `preview`, what a dry run answered, makes the change
 * apply only the prices that preview showed, each from the price it showed: any other price in the scope, or another
 * price of one of them, refuses it (409), rather than applying what the admin never saw.
 */
export const bulkPriceSchema = z
  .object({
    model: scopeText(64),
    repair: scopeText(64),
    productname: scopeText(200),
    change: z.object(
      {
        type: z.enum(PRICE_CHANGE_TYPES, { error: bulkPriceMessages.type }),
        value: z.preprocess(
          (v) => (typeof v === 'string' && v.trim() !== '' ? decimalOf(v) : v),
          z.number({ error: bulkPriceMessages.value }).refine((n) => n !== 0, { error: bulkPriceMessages.zero }),
        ),
      },
      { error: bulkPriceMessages.value },
    ),
    round: z.enum(PRICE_ROUNDINGS, { error: bulkPriceMessages.round }).optional().default('none'),
    preview: z.string({ error: 'Invalid preview' }).max(64, { error: 'Invalid preview' }).optional(),
    dryRun: z
      .preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean())
      .optional()
      .default(false),
  })
  .superRefine((v, ctx) => {
    const { type, value } = v.change;
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['change', 'value'], message });
    if (!twoPlaces(value)) issue(type === 'percent' ? bulkPriceMessages.percentPlaces : bulkPriceMessages.amountPlaces);
    else if (type === 'percent' && (value < -99 || value > 1000)) issue(bulkPriceMessages.percentRange);
    else if (type === 'amount' && Math.abs(value) > 100_000) issue(bulkPriceMessages.amountRange);
  });
export type BulkPriceInput = z.infer<typeof bulkPriceSchema>;

/** One price a bulk change sets: the row, its name, and the price before and after (pounds). */
export interface PriceChange {
  _id: string;
  productname: string;
  model: string;
  repair: string;
  from: number;
  to: number;
}
