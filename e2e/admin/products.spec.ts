import { expect, test } from '../test.ts';
import { signInAsAdmin } from '../helpers.ts';
import { choose, confirmAction, png, toast, uniqueName } from './support.ts';

test('an owner adds a phone with images, finds it in the shop, edits its price and deletes it', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/addproduct');
  await expect(page).toHaveTitle(/Add Product/);
  await expect(page.getByRole('main').getByRole('link', { name: 'Product List' })).toHaveAttribute('href', '/admin/productlist');

  const name = uniqueName('Galaxy Test');
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Price (£)').fill('799');
  await page.getByLabel('Stock Quantity').fill('3');
  await choose(page, 'Model', 'Samsung');
  await choose(page, 'RAM', '8GB');
  await choose(page, 'ROM', '256GB');
  await choose(page, 'ROM', '1TB');
  await page.getByLabel('Availability').selectOption('In Stock');
  await page.getByLabel('Warranty (optional)').fill('12 months');
  await page.getByLabel('Discount (optional)').selectOption('NHS and Students discount available');
  await page.getByLabel('Color').fill('Onyx Black, Marble Grey');
  await page.getByLabel('Description').fill('A flagship phone with a brilliant screen, a fast chip and an all-day battery.');
  await page
    .getByLabel('Choose images')
    .setInputFiles([await png('front.png', '#1d4ed8'), await png('back.png', '#0f172a'), await png('side.png', '#64748b')]);
  await expect(page.getByRole('list', { name: /^Chosen images/ }).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Remove image 3' }).click();
  await expect(page.getByRole('list', { name: /^Chosen images/ }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Product created')).toBeVisible();
  await expect(page.getByLabel('Product Name')).toHaveValue('');
  await expect(page.getByRole('list', { name: /^Chosen images/ })).toHaveCount(0);

  await page.goto('/admin/productlist');
  await expect(page.getByRole('row').nth(1)).toContainText(name);
  await page.getByPlaceholder('Search by product name...').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText('£799');
  await expect(row).toContainText('Samsung');
  await expect(row).toContainText('In Stock');
  const href = await row.getByRole('link', { name: `Edit ${name}` }).getAttribute('href');
  const id = href!.split('/').pop()!;

  await page.goto(`/shop/productpage/${id}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('£799').first()).toBeVisible();

  // Edit, then Update, lead back to the list as it was: still searched for the product.
  await page.goto(`/admin/productlist?q=${encodeURIComponent(name)}`);
  await row.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveTitle(/Update Product/);
  const list = `/admin/productlist?q=${encodeURIComponent(name)}`;
  await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', list);
  await expect(page.getByRole('list', { name: /^Chosen images/ }).getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Price (£)').fill('749.5');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Product updated')).toBeVisible();
  await page.waitForURL(`**${list}`);
  await expect(page.getByPlaceholder('Search by product name...')).toHaveValue(name);
  await expect(row).toContainText('£749.50');

  await page.goto(`/shop/productpage/${id}`);
  await expect(page.getByText('£749.50').first()).toBeVisible();

  await page.goto('/admin/productlist');
  await page.getByPlaceholder('Search by product name...').fill(name);
  await expect(row).toBeVisible();
  await confirmAction(page, `Delete ${name}`, 'Delete');
  await expect(toast(page, 'Product deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
  // The list it leaves is empty: the focus goes to the page's heading, not back to the top of the page.
  await expect(page.getByRole('heading', { level: 1, name: 'Product List' })).toBeFocused();
  expect((await page.request.get(`/api/product/getbyid/${id}`)).status()).toBe(404);
});

test('the product list pages 10 at a time, newest first', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/productlist');
  await expect(page).toHaveTitle(/Product List/);
  const { total } = (await (await page.request.get('/api/product/getall?page=1&limit=10')).json()) as { total: number };
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(Math.min(total, 10) + 1);
  const pager = page.getByRole('navigation', { name: 'Product list pages' });
  if (total > 10) {
    await expect(pager.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows.nth(1).getByRole('cell').first()).toHaveText('11');
    await expect(pager.getByRole('button', { name: 'Next' })).toBeVisible();
  } else await expect(pager).toHaveCount(0);
});

test('a missing product shows Product not Found with a Back link', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/updateproduct/no-such-product');
  await expect(page.getByText('Product not Found')).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForURL('**/admin/productlist');
});

test('a session that ends mid-edit keeps what was typed, and a sign-in in another tab lets it be sent', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/productlist');
  await page
    .getByRole('link', { name: /^Edit / })
    .first()
    .click();
  const name = page.getByLabel('Product Name');
  await expect(name).not.toHaveValue('');
  const original = await name.inputValue();
  const typed = `${original} Edited`;
  await name.fill(typed);
  // Signed out elsewhere: the session is gone.
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(
    toast(page, 'Your session has ended. Sign in again in a new tab, then send this again: what you typed stays here.'),
  ).toBeVisible();
  const signIn = page.locator('.Toastify').getByRole('link', { name: 'Sign in' });
  await expect(signIn).toHaveAttribute('href', '/auth/login');
  await expect(signIn).toHaveAttribute('target', '_blank');
  await expect(name).toHaveValue(typed);

  const other = await page.context().newPage();
  await signInAsAdmin(other);
  await other.close();
  // Sent again, as it was (other journeys read this product by its name).
  await name.fill(original);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Product updated')).toBeVisible();
});

test('a refused product keeps what was typed and shows the server message', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/addproduct');
  await page.route('**/api/product/create', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Image 1 is not a supported image' }),
    }),
  );
  await page.getByLabel('Product Name').fill('Refused Phone');
  await page.getByLabel('Price (£)').fill('100');
  await page.getByLabel('Stock Quantity').fill('1');
  await choose(page, 'Model', 'Apple');
  await choose(page, 'RAM', '4GB');
  await choose(page, 'ROM', '64GB');
  await page.getByLabel('Availability').selectOption('Out of Stock');
  await page.getByLabel('Color').fill('Black');
  await page.getByLabel('Description').fill('Thirty characters at the very least, as the rules say.');
  await page.getByLabel('Choose images').setInputFiles([await png('a.png', '#000000'), await png('b.png', '#ffffff')]);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Image 1 is not a supported image')).toBeVisible();
  await expect(page.getByLabel('Product Name')).toHaveValue('Refused Phone');
  await expect(page.getByRole('list', { name: /^Chosen images/ }).getByRole('listitem')).toHaveCount(2);
});
