import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../test.ts';
import { signInAsAdmin } from '../helpers.ts';
import { png, toast, uniqueName } from './support.ts';

/**
 * The owner's power tools (issue 20): a bulk price change and its undo, an import with errors and then a good one,
 * pictures put in order with the keyboard, and the Activity page; at a desktop's and a phone's width, with axe.
 */

interface Repair {
  _id: string;
  productname: string;
  price: number;
  repair: { repaircategory: string };
}

async function axe(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** A brand of its own with three repair prices, so the journey changes nothing another one looks at. */
async function brandWithPrices(page: Page, prefix: string): Promise<{ brand: string; phone: string }> {
  const brand = uniqueName(prefix);
  const logo = await png('logo.png', '#0f766e');
  const made = await page.request.post('/api/model/create', { multipart: { model: brand, file: logo } });
  expect(made.status(), await made.text()).toBe(201);
  const brandId = ((await made.json()) as { data: { _id: string } }).data._id;
  const categories = (await (await page.request.get('/api/repaircategory/getall')).json()).fetchCategory as {
    _id: string;
    repaircategory: string;
  }[];
  const phone = `${brand} One`;
  for (const [name, price] of [
    ['Screen', 129],
    ['Battery', 59.99],
    ['Camera', 89],
  ] as const) {
    const repair = categories.find((c) => c.repaircategory === name)!;
    const res = await page.request.post('/api/phonerepair/create', {
      data: { productname: phone, model: brandId, repair: repair._id, price },
    });
    expect(res.status()).toBe(201);
  }
  return { brand, phone };
}

async function pricesOf(page: Page, phone: string): Promise<Record<string, number>> {
  const res = await page.request.get(`/api/phonerepair/getall?q=${encodeURIComponent(phone)}&limit=100`);
  const repairs = (await res.json()).fetchPhoneRepair as Repair[];
  return Object.fromEntries(repairs.map((r) => [r.repair.repaircategory, r.price]));
}

const csvFile = (name: string, ...lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) });

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAsAdmin(page);
    });

    test('a bulk price change: preview old → new, apply, then undo from the toast, or on coming back to the list', async ({
      page,
    }) => {
      const { brand, phone } = await brandWithPrices(page, 'Bulkbrand');
      const panel = page.getByRole('region', { name: 'Change prices' });
      const preview = async () => {
        await page.goto('/admin/phonerepairlist');
        await page.getByRole('button', { name: 'Change prices' }).click();
        await panel.getByLabel('Brand').selectOption({ label: brand });
        await panel.getByLabel('How much').fill('10');
        await panel.getByLabel('Rounding').selectOption({ label: 'To .99' });
        await panel.getByRole('button', { name: 'Preview' }).click();
        await expect(panel.getByText('3 prices will change')).toBeVisible();
      };
      const raised = { Screen: 141.99, Battery: 65.99, Camera: 97.99 };
      const start = { Screen: 129, Battery: 59.99, Camera: 89 };
      await preview();
      const table = panel.getByRole('table', { name: 'Prices before and after the change' });
      await expect(table.getByRole('row').filter({ hasText: 'Screen' })).toContainText('£129');
      await expect(table.getByRole('row').filter({ hasText: 'Screen' })).toContainText('£141.99');
      await expect(table.getByRole('row').filter({ hasText: 'Battery' })).toContainText('£65.99');
      expect(await pricesOf(page, phone)).toEqual(start);
      await axe(page, 'bulk change preview');

      await panel.getByRole('button', { name: 'Apply to 3 prices' }).click();
      await expect(panel.getByText('3 prices changed.')).toBeVisible();
      await expect.poll(() => pricesOf(page, phone)).toEqual(raised);
      await page.locator('.Toastify').getByRole('button', { name: 'Undo' }).click();
      await expect(toast(page, 'Undone: 3 prices restored')).toBeVisible();
      await expect.poll(() => pricesOf(page, phone)).toEqual(start);

      // Applied again, and the page left before the toast's Undo: back on the list, the change is offered to undo.
      await preview();
      await panel.getByRole('button', { name: 'Apply to 3 prices' }).click();
      await expect(panel.getByText('3 prices changed.')).toBeVisible();
      await page.goto('/admin/dashboard');
      await page.goto('/admin/phonerepairlist');
      const last = page.getByRole('region', { name: 'Last change' });
      await expect(last).toContainText('3 repair prices +10%, rounded to .99');
      await axe(page, 'the last change offered');
      await last.getByRole('button', { name: 'Undo 3 repair prices +10%, rounded to .99' }).click();
      await page.getByRole('dialog', { name: 'Undo this change?' }).getByRole('button', { name: 'Undo' }).click();
      await expect(toast(page, 'Undone: 3 prices restored')).toBeVisible();
      await expect.poll(() => pricesOf(page, phone)).toEqual(start);
      await expect(last).toBeHidden();

      // Once a price it set is deleted (or changed), the list says the change can no longer be undone, with no Undo.
      await preview();
      await panel.getByRole('button', { name: 'Apply to 3 prices' }).click();
      await expect(panel.getByText('3 prices changed.')).toBeVisible();
      const listed = await page.request.get(`/api/phonerepair/getall?q=${encodeURIComponent(phone)}&limit=100`);
      const camera = ((await listed.json()).fetchPhoneRepair as Repair[]).find((r) => r.repair.repaircategory === 'Camera')!;
      expect((await page.request.delete(`/api/phonerepair/delete/${camera._id}`)).status()).toBe(200);
      await page.goto('/admin/phonerepairlist');
      await expect(last).toContainText('It can no longer be undone: 1 price was changed or deleted since.');
      await expect(last.getByRole('button')).toHaveCount(0);
    });

    test('an import with errors shows them first; a good file then imports', async ({ page }) => {
      const { brand, phone } = await brandWithPrices(page, 'Importbrand');
      await page.goto('/admin/phonerepairlist');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const panel = page.getByRole('region', { name: 'Import repair prices from CSV' });
      await panel
        .getByLabel('Choose CSV file')
        .setInputFiles(
          csvFile(
            'prices.csv',
            'Product Name,Model,Repair,Price',
            `${phone},${brand},Screen,0`,
            `${phone} Max,Nobrand,Screen,99`,
            `${phone},${brand},Battery,60`,
            `${phone},${brand},Battery,61`,
          ),
        );
      const errors = panel.getByRole('table', { name: 'Errors in prices.csv' });
      await expect(errors.getByRole('row').filter({ hasText: 'price must be at least 1' })).toContainText('2');
      await expect(errors.getByRole('row').filter({ hasText: 'Selected model not found' })).toContainText('Model');
      await expect(errors.getByRole('row').filter({ hasText: 'This repair price is also on line 4' })).toContainText('5');
      await expect(panel.getByRole('button', { name: /^Apply/ })).toHaveCount(0);
      await axe(page, 'import errors');
      expect(await pricesOf(page, phone)).toEqual({ Screen: 129, Battery: 59.99, Camera: 89 });

      // Chosen from the keyboard, the file input keeps the focus while the file is checked, and after.
      await panel.getByLabel('Choose another file').focus();
      await panel
        .getByLabel('Choose another file')
        .setInputFiles(
          csvFile(
            'prices.csv',
            'Product Name,Model,Repair,Price',
            `${phone},${brand},Screen,139`,
            `${phone},${brand},Back Glass,75`,
          ),
        );
      await expect(panel.getByText('prices.csv: Ready to import: 1 new, 1 updated, 0 unchanged')).toBeVisible();
      await expect(panel.getByLabel('Choose another file')).toBeFocused();
      await panel.getByRole('button', { name: 'Apply: import 2 repair prices' }).click();
      await expect(page.locator('.Toastify').getByText('Imported: 1 new, 1 updated, 0 unchanged')).toBeVisible();
      await expect(panel).toBeHidden();
      // The panel went with the focus its Apply held: it is back on the button that opened the panel.
      await expect(page.getByRole('button', { name: 'Import CSV' })).toBeFocused();
      expect(await pricesOf(page, phone)).toEqual({ Screen: 139, Battery: 59.99, Camera: 89, 'Back Glass': 75 });
      await page.getByPlaceholder('Search by product name...').fill(phone);
      // Until the search answers, the list still holds the other width's run's Back Glass too.
      const backGlass = page.getByRole('table').getByRole('row').filter({ hasText: 'Back Glass' });
      await expect(backGlass).toHaveCount(1);
      await expect(backGlass).toContainText('£75');
    });

    test('a product import, then undone from its toast: the new products go, the updated one gets its price back', async ({
      page,
    }) => {
      const brand = uniqueName('Undobrand');
      const made = await page.request.post('/api/model/create', {
        multipart: { model: brand, file: await png('logo.png', '#7c3aed') },
      });
      expect(made.status(), await made.text()).toBe(201);
      const sheet = (price: number, ...more: string[]) =>
        csvFile(
          'products.csv',
          'Product Name,Price,Stock Quantity,Model,RAM,ROM,Availability,Color',
          `${brand} One,${price},3,${brand},8GB,128GB,In Stock,Black`,
          ...more,
        );
      const priceOf = async (name: string) => {
        const res = await page.request.get(`/api/product/getall?q=${encodeURIComponent(name)}&limit=10`);
        return ((await res.json()).fetchProducts as { productname: string; price: number }[]).map((p) => [
          p.productname,
          p.price,
        ]);
      };
      const importSheet = async (file: ReturnType<typeof csvFile>, ready: string, apply: string) => {
        await page.getByRole('button', { name: 'Import CSV' }).click();
        const panel = page.getByRole('region', { name: 'Import products from CSV' });
        await panel.getByLabel('Choose CSV file').setInputFiles(file);
        await expect(panel.getByText(`products.csv: Ready to import: ${ready}`)).toBeVisible();
        await panel.getByRole('button', { name: apply }).click();
        // Done once the panel closes: an earlier import's toast may still show the same words.
        await expect(panel).toBeHidden();
        await expect(toast(page, `Imported: ${ready}`).last()).toBeVisible();
      };
      await page.goto('/admin/productlist');
      await importSheet(sheet(399), '1 new, 0 updated, 0 unchanged', 'Apply: import 1 product');
      await page.locator('.Toastify').getByRole('button', { name: 'Undo' }).click();
      await expect(toast(page, 'Undone: 1 new product removed')).toBeVisible();
      // The new product leaves the list.
      await expect(
        page
          .getByRole('table')
          .getByRole('row')
          .filter({ hasText: `${brand} One` }),
      ).toHaveCount(0);

      await importSheet(sheet(399), '1 new, 0 updated, 0 unchanged', 'Apply: import 1 product');
      await importSheet(
        sheet(349, `${brand} Two,199,5,${brand},4GB,64GB,In Stock,White`),
        '1 new, 1 updated, 0 unchanged',
        'Apply: import 2 products',
      );
      await page.getByPlaceholder('Search by product name...').fill(brand);
      await expect(
        page
          .getByRole('table')
          .getByRole('row')
          .filter({ hasText: `${brand} Two` }),
      ).toBeVisible();
      expect(await priceOf(brand)).toEqual([
        [`${brand} Two`, 199],
        [`${brand} One`, 349],
      ]);
      await page.locator('.Toastify').getByRole('button', { name: 'Undo' }).last().click();
      await expect(toast(page, 'Undone: 1 product restored, 1 new product removed')).toBeVisible();
      await expect(
        page
          .getByRole('table')
          .getByRole('row')
          .filter({ hasText: `${brand} Two` }),
      ).toHaveCount(0);
      await expect(
        page
          .getByRole('table')
          .getByRole('row')
          .filter({ hasText: `${brand} One` }),
      ).toContainText('£399');
      expect(await priceOf(brand)).toEqual([[`${brand} One`, 399]]);

      // Newest first: this run's entry (the journey runs at each width).
      await page.goto('/admin/activity');
      await expect(
        page.getByRole('article', { name: /undid a product import: products\.csv: 1 new, 1 updated, 0 unchanged/ }).first(),
      ).toBeVisible();
    });

    test('pictures put in order with the keyboard, the first the cover, with their alt text in the shop', async ({ page }) => {
      const brand = uniqueName('Orderbrand');
      const made = await page.request.post('/api/model/create', {
        multipart: { model: brand, file: await png('logo.png', '#1d4ed8') },
      });
      const brandId = ((await made.json()) as { data: { _id: string } }).data._id;
      const form = new FormData();
      const name = `${brand} Phone`;
      for (const [k, v] of Object.entries({
        productname: name,
        price: '299',
        stockquantity: '3',
        description: 'A phone whose pictures are put in the right order.',
        model: brandId,
        availability: 'In Stock',
        color: 'Green',
        ram: '8GB',
        rom: '128GB',
      }))
        form.append(k, v);
      for (const [i, colour] of ['#16a34a', '#dc2626', '#2563eb'].entries()) {
        const img = await png(`p${i}.png`, colour);
        form.append('file', new Blob([new Uint8Array(img.buffer)], { type: 'image/png' }), img.name);
      }
      const created = await page.request.post('/api/product/create', { multipart: form });
      expect(created.status(), await created.text()).toBe(201);
      const product = (await created.json()).data as { _id: string; images: { secure_url: string }[] };
      const [green, red, blue] = product.images.map((i) => i.secure_url);

      await page.goto(`/admin/updateproduct/${product._id}`);
      const list = page.getByRole('list', { name: 'Chosen images, the first is the cover' });
      await expect(list.getByRole('listitem')).toHaveCount(3);
      // The Down button moves the cover one place, and keeps the focus on the picture it moved.
      await page.getByRole('button', { name: 'Move image 1 down' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Move image 2 down' })).toBeFocused();
      // dnd-kit's keyboard drag: space picks the handle up, an arrow moves it, space drops it.
      await page.getByRole('button', { name: 'Drag image 3 to move it' }).focus();
      await page.keyboard.press('Space');
      await page.keyboard.press(width < 1024 ? 'ArrowUp' : 'ArrowLeft');
      await page.keyboard.press('Space');
      await expect(page.getByLabel('Alt text for image 1')).toHaveValue(`${name} in Green`);
      await page.getByLabel('Alt text for image 1').fill('The red one, from the front');
      await axe(page, 'picture order');
      await page.getByRole('button', { name: 'Update' }).click();
      await expect(toast(page, 'Product updated')).toBeVisible();

      const saved = (await (await page.request.get(`/api/product/getbyid/${product._id}`)).json()).fetchProduct as {
        images: { secure_url: string; alt: string }[];
      };
      const order = saved.images.map((i) => i.secure_url);
      expect(order[0]).toBe(red);
      expect(order.slice(1).sort()).toEqual([green, blue].sort());
      expect(saved.images[0]!.alt).toBe('The red one, from the front');
      await page.goto(`/shop/productpage/${product._id}`);
      await expect(page.getByRole('img', { name: 'The red one, from the front', exact: true })).toHaveAttribute('src', red!);

      // Removing a picture with the keyboard leaves the focus on the Remove button now in its place, or the last one.
      await page.goto(`/admin/updateproduct/${product._id}`);
      await page.getByRole('button', { name: 'Remove image 1' }).focus();
      await page.keyboard.press('Enter');
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await expect(page.getByRole('button', { name: 'Remove image 1' })).toBeFocused();
      await page.getByRole('button', { name: 'Remove image 2' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Remove image 1' })).toBeFocused();
      // The last one gone, the file picker that adds pictures.
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('Choose images')).toBeFocused();
    });

    test('the Activity page shows who changed what, filtered by the kind of record', async ({ page }) => {
      const { phone } = await brandWithPrices(page, 'Activitybrand');
      await page.goto('/admin/activity');
      await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
      const entry = page.getByRole('article', { name: new RegExp(`created repair price ${phone} Camera`) });
      await expect(entry).toBeVisible();
      await expect(entry.getByText('Price', { exact: true })).toBeVisible();
      await expect(entry).toContainText('After: £89');
      await expect(page.getByRole('article', { name: /signed in as admin/ }).first()).toBeVisible();
      await page.getByLabel('What', { exact: true }).selectOption({ label: 'Repair price' });
      await expect(page).toHaveURL(/entity=phone_repair/);
      await expect(page.getByRole('article', { name: /signed in as admin/ })).toHaveCount(0);
      await expect(entry).toBeVisible();
      await axe(page, 'activity');
      await page.getByLabel('From', { exact: true }).fill('2001-01-01');
      await page.getByLabel('To', { exact: true }).fill('2001-01-02');
      await expect(page.getByText('No activity matches these filters.')).toBeVisible();
    });
  });
}
