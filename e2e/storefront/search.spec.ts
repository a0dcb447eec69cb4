import type { RepairBrandResponse } from '@shop/shared';
import { DEMO_REPAIRS } from '../../apps/api/src/demo/catalogue.ts';
import { expect, test, type Page } from '../test.ts';
import { expectAccessible, signInAsAdmin } from '../helpers.ts';
import { toast, uniqueName } from '../admin/support.ts';

/** The search box of the shop's header: in the top bar on a desktop, in the menu on a phone. */
async function headerSearch(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    // Opening the menu puts focus on its close button, in a task after the tap: keys typed before it would follow.
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
    return menu.getByRole('combobox', { name: 'Search the shop' });
  }
  return page.locator('header').getByRole('combobox', { name: 'Search the shop' }).first();
}

for (const width of [375, 1280]) {
  const phone = width < 768;
  test.describe(`search at ${width} px`, () => {
    test.use({ viewport: { width, height: phone ? 812 : 900 } });

    test('a new visitor types iphone13 in the header and reaches the iPhone 13 repair page in two steps', async ({ page }) => {
      await page.goto('/shop/home');
      const box = await headerSearch(page, phone);
      // Step 1: type.
      await box.pressSequentially('iphone13', { delay: 30 });
      const listbox = page.getByRole('listbox', { name: 'Suggestions for iphone13' });
      await expect(listbox).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      const suggestion = listbox.getByRole('option', { name: /Apple iPhone 13\s*Repairs from £59/ });
      await expect(suggestion).toBeVisible();
      await expectAccessible(page, `suggestions open at ${width} px`);
      // Step 2: choose.
      await suggestion.click();
      await expect(page).toHaveURL(/\/repairs\/apple\/iphone-13$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Apple iPhone 13 repairs' })).toBeVisible();
      await expect(page).toHaveTitle(/^Apple iPhone 13 repairs from £59 \| /);
      await expect(page.getByRole('cell', { name: 'Screen Repair' })).toBeVisible();
      if (phone) await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
      await expectAccessible(page, `iPhone 13 repair page at ${width} px`);
    });

    test("a phone and a repair typed together offer that repair's price, in the suggestions and the results", async ({
      page,
    }) => {
      await page.goto('/shop/home');
      const box = await headerSearch(page, phone);
      await box.pressSequentially('iphone 13 screen', { delay: 30 });
      const first = page.getByRole('listbox', { name: 'Suggestions for iphone 13 screen' }).getByRole('option').first();
      await expect(first).toHaveAccessibleName(/^Apple iPhone 13\s*Screen Repair £129$/);
      await box.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=iphone\+13\+screen$/);
      const result = page
        .getByRole('main')
        .getByRole('link', { name: /Apple iPhone 13/ })
        .first();
      await expect(result).toContainText('Screen Repair £129');
      await result.click();
      await expect(page).toHaveURL(/\/repairs\/apple\/iphone-13$/);
    });

    test('the combobox: arrow keys and Enter choose, Escape closes then clears, Enter alone shows every result', async ({
      page,
    }) => {
      await page.goto('/shop/phonerepair');
      const box = await headerSearch(page, phone);
      await box.pressSequentially('samsng', { delay: 30 });
      const options = page.getByRole('listbox').getByRole('option');
      await expect(options.first()).toContainText('Samsung');
      await expect(page.getByRole('status').filter({ hasText: /suggestions/ })).toHaveText(/\d+ suggestions/);
      await box.press('ArrowDown');
      await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
      await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
      await box.press('ArrowDown');
      await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
      await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
      await box.press('ArrowUp');
      await box.press('ArrowUp');
      // Up from the first wraps to the last: every result.
      await expect(options.last()).toHaveAttribute('aria-selected', 'true');
      await expect(options.last()).toHaveText('See all results for “samsng”');
      await box.press('Escape');
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      await expect(box).not.toHaveAttribute('aria-activedescendant');
      await expect(box).toHaveValue('samsng');
      await box.press('Escape');
      await expect(box).toHaveValue('');

      await box.pressSequentially('galaxy s 24', { delay: 30 });
      await expect(options.first()).toContainText('Samsung Galaxy S24');
      await box.press('ArrowDown');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/repairs\/samsung\/galaxy-s24$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Samsung Galaxy S24 repairs' })).toBeVisible();

      const again = await headerSearch(page, phone);
      await again.pressSequentially('pixel', { delay: 30 });
      await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
      await again.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=pixel$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Repair prices' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Phones and accessories' })).toBeVisible();
      await expect(page.getByRole('link', { name: /Google Pixel 8\s*Repairs from £79/ })).toBeVisible();
    });

    test('the results page: grouped by kind, an empty state offering the repair brands, and noindex', async ({ page }) => {
      const res = await page.goto('/search?q=xyzzy');
      expect(res?.status()).toBe(200);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
      await expect(page.getByText('No results for “xyzzy”.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Find your repair by brand' })).toBeVisible();
      await page.getByRole('link', { name: 'Apple', exact: true }).click();
      await expect(page).toHaveURL(/\/repairs\/apple$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Apple Repair Prices' })).toBeVisible();
      await page.getByRole('link', { name: 'Apple iPhone 13' }).first().click();
      await expect(page).toHaveURL(/\/repairs\/apple\/iphone-13$/);
    });

    test("'Find your phone' on the repair brands page goes straight to the phone's repair page", async ({ page }) => {
      await page.goto('/shop/phonerepair');
      const box = page.getByRole('main').getByRole('combobox', { name: 'Find your phone' });
      await box.pressSequentially('pixle 8', { delay: 30 });
      await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('Google Pixel 8');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/repairs\/google\/pixel-8$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Google Pixel 8 repairs' })).toBeVisible();
    });

    test("'Find your phone' with a brand alone shows that brand's phones, not one of them", async ({ page }) => {
      await page.goto('/shop/phonerepair');
      const box = page.getByRole('main').getByRole('combobox', { name: 'Find your phone' });
      await box.pressSequentially('samsung', { delay: 30 });
      await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('Samsung');
      await box.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=samsung&kind=repair$/);
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });

  test('the header search is a form that leads to the server-rendered results', async ({ page }) => {
    await page.goto('/shop/home');
    const box = page.locator('header').getByRole('combobox', { name: 'Search the shop' }).first();
    await box.fill('iphone13');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=iphone13$/);
    await page.getByRole('link', { name: /Apple iPhone 13\s*Repairs from £59/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Apple iPhone 13 repairs' })).toBeVisible();
  });
});

test('every repair model of the demo catalogue has its page, in the sitemap; unknown ones answer the 404 page', async ({
  page,
}) => {
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const listed = new Set([...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/repairs\/[^<]+)<\/loc>/g)].map((m) => m[1]!));
  const demo = new Map(DEMO_REPAIRS.map((r) => [r.productname, r.brand]));
  for (const [name, brand] of demo) {
    const data = (await (await page.request.get(`/api/repairs/${brand.toLowerCase()}`)).json()) as RepairBrandResponse;
    const phone = data.phones.find((p) => p.name === name);
    expect(phone, name).toBeDefined();
    const path = `/repairs/${data.brand.slug}/${phone!.slug}`;
    expect(listed.has(path), `${path} in the sitemap`).toBe(true);
    const res = await page.request.get(path);
    expect([path, res.status()]).toEqual([path, 200]);
    expect(await res.text()).toContain(`<h1`);
  }
  expect(demo.size).toBe(12);
  const missing = await page.goto('/repairs/apple/iphone-99');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
});

test('an owner gives a phone its model number where repair prices are edited, and a customer finds it by that number', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  const number = uniqueName('A').replace(/\W/g, '').toUpperCase();
  await page.goto('/admin/phonerepairlist');
  await page.getByPlaceholder('Search by product name...').fill('Apple iPhone 11');
  await page.getByRole('link', { name: 'Edit Apple iPhone 11 Battery' }).click();
  const aliases = page.getByLabel('Aliases (optional)');
  await expect(aliases).toHaveValue('');
  await aliases.fill(`${number}, 11 classic`);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Repair updated')).toBeVisible();

  await page.goto('/repairs/apple/iphone-11');
  await expect(page.getByText(`Also known as ${number}, 11 classic`)).toBeVisible();
  const box = page.locator('header').getByRole('combobox', { name: 'Search the shop' }).first();
  await box.pressSequentially(number.toLowerCase(), { delay: 30 });
  const option = page.getByRole('listbox').getByRole('option', { name: /Apple iPhone 11\s*Repairs from/ });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/\/repairs\/apple\/iphone-11$/);
});
