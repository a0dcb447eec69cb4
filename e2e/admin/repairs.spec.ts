import { expect, test } from '../test.ts';
import { modelId, signInAsAdmin } from '../helpers.ts';
import { choose, confirmAction, toast, uniqueName } from './support.ts';

test('the repair form shows the spec messages', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/addphonerepair');
  await expect(page).toHaveTitle(/Phone Repair/);
  await expect(page.getByRole('heading', { name: 'Phone Repair', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Repair List', exact: true })).toHaveAttribute('href', '/admin/phonerepairlist');
  await page.getByRole('button', { name: 'Submit' }).click();
  for (const message of ['Product Name is Required', 'Model is Required', 'Repair is Required', 'price is required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Product Name').fill('iphone 15');
  await page.getByLabel('Price (£)').fill('0');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The First letter must be Capital')).toBeVisible();
  await expect(page.getByText('price must be at least 1')).toBeVisible();
});

test('an owner adds repair prices, sees them in the shop repair table, edits and deletes one', async ({ page }) => {
  await signInAsAdmin(page);
  const phone = uniqueName('Nokia Test');
  await page.goto('/admin/addphonerepair');
  for (const [repair, price] of [
    ['Screen', '89'],
    ['Battery', '49'],
  ] as const) {
    await page.getByLabel('Product Name').fill(phone);
    await choose(page, 'Model', 'Nokia');
    await choose(page, 'Repair', repair);
    await page.getByLabel('Price (£)').fill(price);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Repair created').first()).toBeVisible();
    await expect(page.getByLabel('Product Name')).toHaveValue('');
  }
  // A second price for the same phone and repair is refused beside the repair, the form kept as typed.
  await page.getByLabel('Product Name').fill(phone);
  await choose(page, 'Model', 'Nokia');
  await choose(page, 'Repair', 'Screen');
  await page.getByLabel('Price (£)').fill('79');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('This phone already has a price for this repair: change that price instead').first()).toBeVisible();
  await expect(page.getByLabel('Product Name')).toHaveValue(phone);

  await page.goto(`/shop/phonerepairdetail/${await modelId(page, 'Nokia')}`);
  const screenRow = page.getByRole('row').filter({ hasText: phone }).filter({ hasText: 'Screen Repair' });
  await expect(screenRow).toContainText('£89');
  await expect(page.getByRole('row').filter({ hasText: phone }).filter({ hasText: 'Battery Repair' })).toContainText('£49');

  await page.goto('/admin/phonerepairlist');
  await expect(page).toHaveTitle(/Phone Repair List/);
  await page.getByPlaceholder('Search by product name...').fill(phone);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Battery');
  await rows
    .nth(1)
    .getByRole('link', { name: /^Edit / })
    .click();
  await expect(page.getByRole('heading', { name: 'Update Phone Repair' })).toBeVisible();
  // Cancel and Update lead back to the list as it was: still searched for the phone.
  const list = `/admin/phonerepairlist?${new URLSearchParams({ q: phone }).toString()}`;
  await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', list);
  // Meanwhile the price is changed elsewhere (another tab, another device): this form does not save over it.
  const id = page.url().split('/').at(-1)!.split('?')[0]!;
  const { fetchPhoneRepair: loaded } = await (await page.request.get(`/api/phonerepair/getbyid/${id}`)).json();
  const elsewhere = { productname: phone, model: loaded.model._id, repair: loaded.repair._id, price: 51 };
  expect((await page.request.put(`/api/phonerepair/update/${id}`, { data: elsewhere })).status()).toBe(200);
  await page.getByLabel('Price (£)').fill('55');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(
    toast(page, 'This price was changed since you opened it: open it again to see the change, then make yours'),
  ).toBeVisible();
  await expect(page.getByLabel('Price (£)')).toHaveValue('55');
  // Opened again, it shows that change, and saves this one.
  await page.reload();
  await expect(page.getByLabel('Price (£)')).toHaveValue('51');
  await page.getByLabel('Price (£)').fill('55');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Repair updated')).toBeVisible();
  await page.waitForURL(`**${list}`);
  // The Update button went with its form: the focus starts again from the list's heading, not the top of the page.
  await expect(page.getByRole('heading', { name: 'Phone Repair List', level: 1 })).toBeFocused();
  await expect(page.getByPlaceholder('Search by product name...')).toHaveValue(phone);
  await expect(rows.nth(1)).toContainText('£55');

  await confirmAction(page, `Delete ${phone} Screen`, 'Delete');
  await expect(toast(page, 'Repair deleted')).toBeVisible();
  await expect(rows).toHaveCount(2);
  // The focus goes to the same button of the row that is left, not back to the top of the page.
  await expect(rows.nth(1).getByRole('button', { name: /^Delete / })).toBeFocused();
});

test('the repair list shows 5 per page and a missing repair shows Product not Found', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/phonerepairlist');
  const { total } = (await (await page.request.get('/api/phonerepair/getall?page=1&limit=5')).json()) as { total: number };
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(Math.min(total, 5) + 1);
  await page.goto('/admin/updatephonerepair/no-such-repair');
  await expect(page.getByText('Product not Found')).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForURL('**/admin/phonerepairlist');
});
