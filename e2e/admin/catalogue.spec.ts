import { expect, test, type Page } from '../test.ts';
import { modelId, signInAsAdmin } from '../helpers.ts';
import { choose, confirmAction, png, toast, uniqueName } from './support.ts';

async function addBrand(page: Page, name: string) {
  await page.goto('/admin/addmodel');
  await page.getByLabel('Model Name').fill(name);
  await page.getByLabel('Choose logo').setInputFiles(await png('brand.png', '#16a34a'));
  const notPicture = page.getByText('"notes.png" is not a JPEG, PNG, WebP, AVIF or GIF picture');
  await page.getByLabel('Change logo').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('notes') });
  await expect(notPicture).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Model created')).toBeVisible();
  await expect(page.getByLabel('Model Name')).toHaveValue('');
  // The emptied form lists no refusal of a file chosen before.
  await expect(notPicture).toHaveCount(0);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('img', { name: `${name} logo` }),
  ).toBeVisible();
}

async function openSubmenu(page: Page, item: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: `${item} submenu` }).click();
  return nav;
}

test('the model form needs a capitalised name and a logo, except for Accessories', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/addmodel');
  await expect(page).toHaveTitle(/Add Model/);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Model Name is Required')).toBeVisible();
  await expect(page.getByText('Logo is required')).toBeVisible();
  await page.getByLabel('Model Name').fill('zephyr');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('First letter must be capitalized')).toBeVisible();
  await page.getByLabel('Model Name').fill('Accessories');
  await expect(page.getByText('Logo is required')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Archive Accessories' })).toBeDisabled();
});

test('an owner adds a brand with a logo and finds it in the shop menus and repair brands', async ({ page }) => {
  await signInAsAdmin(page);
  const brand = uniqueName('Zephyr');
  await addBrand(page, brand);

  await page.goto('/shop/home');
  const nav = await openSubmenu(page, 'Mobile Phone');
  await expect(nav.getByRole('link', { name: brand, exact: true })).toBeVisible();
  await page.goto('/shop/phonerepair');
  await expect(page.getByText(`${brand} Phone`, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `Fix Your ${brand}` })).toHaveAttribute(
    'href',
    `/shop/phonerepairdetail/${await modelId(page, brand)}`,
  );
});

test('an owner fixes a misspelt brand from its row, and the shop shows the new name', async ({ page }) => {
  await signInAsAdmin(page);
  const brand = uniqueName('Zephir');
  await addBrand(page, brand);
  const fixed = brand.replace('Zephir', 'Zephyr');
  await page.getByRole('button', { name: `Edit ${brand}` }).click();
  await expect(page.getByRole('heading', { name: `Edit ${brand}` })).toBeVisible();
  await expect(page.getByLabel('Model Name')).toBeFocused();
  await page.getByLabel('Model Name').fill(fixed);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Model updated')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New model' })).toBeVisible();
  // The logo stays, under the new name.
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: fixed })
      .getByRole('img', { name: `${fixed} logo` }),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: brand })).toHaveCount(0);

  await page.goto('/shop/home');
  const nav = await openSubmenu(page, 'Mobile Phone');
  await expect(nav.getByRole('link', { name: fixed, exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: brand, exact: true })).toHaveCount(0);
});

test('an archived brand leaves the menus and forms while its products keep showing', async ({ page }) => {
  await signInAsAdmin(page);
  const brand = uniqueName('Archivo');
  await addBrand(page, brand);
  const id = await modelId(page, brand);
  const form = new FormData();
  for (const [k, v] of Object.entries({
    productname: `${brand} One`,
    price: '349',
    stockquantity: '2',
    description: 'A dependable phone with a big battery and a sharp screen.',
    model: id,
    availability: 'In Stock',
    color: 'Black',
    ram: '8GB',
    rom: '128GB',
  }))
    form.append(k, v);
  for (const [i, colour] of ['#111827', '#334155'].entries()) {
    const img = await png(`p${i}.png`, colour);
    form.append('file', new Blob([new Uint8Array(img.buffer)], { type: 'image/png' }), img.name);
  }
  const ok = await page.request.post('/api/product/create', { multipart: form });
  expect(ok.status(), await ok.text()).toBe(201);
  const productId = ((await ok.json()) as { data: { _id: string } }).data._id;

  await page.goto('/admin/addmodel');
  await confirmAction(page, `Archive ${brand}`, 'Archive');
  await expect(toast(page, 'Model archived')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: brand })).toHaveCount(0);

  await page.goto('/admin/addproduct');
  await page.getByLabel('Model', { exact: true }).click();
  await expect(page.getByRole('option', { name: brand })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/shop/home');
  const nav = await openSubmenu(page, 'Mobile Phone');
  await expect(nav.getByRole('link', { name: 'Apple', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: brand, exact: true })).toHaveCount(0);
  await page.goto('/shop/phonerepair');
  await expect(page.getByText(`${brand} Phone`, { exact: true })).toHaveCount(0);

  await page.goto(`/shop/productpage/${productId}`);
  await expect(page.getByRole('heading', { name: `${brand} One` })).toBeVisible();
  await page.goto('/admin/productlist');
  await page.getByPlaceholder('Search by product name...').fill(`${brand} One`);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `${brand} One` })
      .getByRole('cell', { name: brand, exact: true }),
  ).toBeVisible();

  // Added again by name, with no logo: the brand comes back with its old one; a new brand still needs one.
  await page.goto('/admin/addmodel');
  await page.getByLabel('Model Name').fill(brand);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Model restored')).toBeVisible();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: brand })
      .getByRole('img', { name: `${brand} logo` }),
  ).toBeVisible();
  await page.getByLabel('Model Name').fill(uniqueName('Novo'));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Logo is required', { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel('Model Name')).not.toHaveValue('');
});

test('an owner adds an accessory category and an accessory in it', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/acccategory');
  await expect(page).toHaveTitle(/Add Acc Category/);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Acc Category is Required')).toBeVisible();
  const category = uniqueName('Power Banks');
  await page.getByRole('textbox', { name: 'Acc Category' }).fill(category);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Category created')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Acc Category' })).toHaveValue('');
  await expect(page.getByRole('cell', { name: category, exact: true })).toBeVisible();

  await page.goto('/admin/addproduct');
  const name = uniqueName('Slim Power Bank');
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Price (£)').fill('24.99');
  await page.getByLabel('Stock Quantity').fill('10');
  await choose(page, 'Model', 'Accessories');
  await expect(page.getByLabel('RAM', { exact: true })).toHaveCount(0);
  await choose(page, 'Category', category);
  await page.getByLabel('Availability').selectOption('In Stock');
  await page.getByLabel('Color').fill('White');
  await page.getByLabel('Description').fill('Pocket-sized 10,000 mAh power bank with USB-C fast charging.');
  await page.getByLabel('Choose images').setInputFiles([await png('a.png', '#f8fafc'), await png('b.png', '#e2e8f0')]);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Product created')).toBeVisible();

  const res = await page.request.get(`/api/product/getall?q=${encodeURIComponent(name)}&limit=5`);
  const [product] = (
    (await res.json()) as { fetchProducts: { model: { model: string }; category: { category: string } | null; ram: string[] }[] }
  ).fetchProducts;
  expect(product).toMatchObject({ model: { model: 'Accessories' }, category: { category }, ram: [] });

  await page.goto('/shop/home');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Accessories submenu' }).click();
  await expect(nav.getByRole('link', { name: category, exact: true })).toBeVisible();
});

test('an owner adds and archives a repair category', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/repaircategory');
  await expect(page).toHaveTitle(/Add Repair Category/);
  await page.getByRole('textbox', { name: 'Repair Category' }).fill('lowercase');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('First letter must be capitalized')).toBeVisible();
  const name = uniqueName('Water Damage');
  await page.getByRole('textbox', { name: 'Repair Category' }).fill(name);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Repair category created')).toBeVisible();
  await confirmAction(page, `Archive ${name}`, 'Archive');
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);
});
