import fs from 'node:fs';
import { expect, test } from '../test.ts';
import { signInAsAdmin } from '../helpers.ts';
import { png, uniqueName } from './support.ts';

/**
 * Tried as a new owner would (issue 20): export the repair prices, raise them 10% in a spreadsheet (here, by editing
 * the CSV as a spreadsheet would save it), import the file, and then undo it from the console.
 */
test('export the repair prices, raise them 10% in a spreadsheet, import, and undo', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const brand = uniqueName('Sheetbrand');
  const made = await page.request.post('/api/model/create', {
    multipart: { model: brand, file: await png('logo.png', '#7c3aed') },
  });
  const brandId = ((await made.json()) as { data: { _id: string } }).data._id;
  const categories = (await (await page.request.get('/api/repaircategory/getall')).json()).fetchCategory as {
    _id: string;
    repaircategory: string;
  }[];
  const phone = `${brand} Phone`;
  for (const [name, price] of [
    ['Screen', 149],
    ['Battery', 64.5],
  ] as const) {
    const repair = categories.find((c) => c.repaircategory === name)!;
    await page.request.post('/api/phonerepair/create', {
      data: { productname: phone, model: brandId, repair: repair._id, price },
    });
  }
  const prices = async () =>
    Object.fromEntries(
      (
        (await (await page.request.get(`/api/phonerepair/getall?q=${encodeURIComponent(phone)}&limit=10`)).json())
          .fetchPhoneRepair as {
          repair: { repaircategory: string };
          price: number;
        }[]
      ).map((r) => [r.repair.repaircategory, r.price]),
    );

  // The owner narrows the list to this phone and downloads it.
  await page.goto('/admin/phonerepairlist');
  await page.getByPlaceholder('Search by product name...').fill(phone);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Export CSV/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^repair-prices-\d{4}-\d\d-\d\d\.csv$/);
  const exported = fs.readFileSync((await download.path())!, 'utf8');
  expect(exported.startsWith('\uFEFFProduct Name,Model,Repair,Price,Updated\r\n')).toBe(true);

  // In the spreadsheet: every price times 1.1, saved back as CSV without the BOM, as some spreadsheets do.
  const [header, ...rows] = exported
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const raised = [
    header!,
    ...rows.map((line) => {
      const cells = line.split(',');
      cells[3] = String(Math.round(Number(cells[3]) * 1.1 * 100) / 100);
      return cells.join(',');
    }),
  ].join('\n');
  expect(raised).toContain(`${phone},${brand},Screen,163.9`);

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const panel = page.getByRole('region', { name: 'Import repair prices from CSV' });
  await panel
    .getByLabel('Choose CSV file')
    .setInputFiles({ name: 'raised.csv', mimeType: 'text/csv', buffer: Buffer.from(raised) });
  await expect(panel.getByText('raised.csv: Ready to import: 0 new, 2 updated, 0 unchanged')).toBeVisible();
  await panel.getByRole('button', { name: 'Apply: import 2 repair prices' }).click();
  await expect(page.locator('.Toastify').getByText('Imported: 0 new, 2 updated, 0 unchanged')).toBeVisible();
  expect(await prices()).toEqual({ Screen: 163.9, Battery: 70.95 });
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Screen' })).toContainText('£163.90');

  // Second thoughts: undo from the console.
  await page.locator('.Toastify').getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('.Toastify').getByText('Undone: 2 prices restored')).toBeVisible();
  expect(await prices()).toEqual({ Screen: 149, Battery: 64.5 });
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Screen' })).toContainText('£149');

  await page.goto('/admin/activity');
  await expect(
    page.getByRole('article', { name: /undid a price change: raised\.csv: 0 new, 2 updated, 0 unchanged/ }),
  ).toBeVisible();
});
