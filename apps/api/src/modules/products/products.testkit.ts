import type { TestContext } from '../../../test/helpers.ts';
import { multipart } from '../media/media.testkit.ts';

/** Test fixtures: the products CSV's header, and an import of CSV text as the console sends it. */

export const PRODUCT_CSV_HEADER =
  'Product Name,Price,Stock Quantity,Model,Category,RAM,ROM,Availability,Warranty,Discount,Color,Description';

/** POST /api/product/import of `csv` with the admin session `cookie` (a dry run with `dryRun`). */
export function importProductsCsv(t: TestContext, cookie: string, csv: string, dryRun = false) {
  return t.request({
    method: 'POST',
    url: `/api/product/import${dryRun ? '?dryRun=1' : ''}`,
    cookie,
    ...multipart({}, [{ content: Buffer.from(csv), filename: 'products.csv', type: 'text/csv' }]),
  });
}
