import { expect, test } from '../test.ts';
import { signInAsAdmin } from '../helpers.ts';

test('the top bar and page titles name the shop from its settings', async ({ page }) => {
  const { fetchAppDetail } = (await (await page.request.get('/api/appdetail/getall')).json()) as { fetchAppDetail: { shopname: string }[] };
  const shopname = fetchAppDetail[0]!.shopname;
  expect(shopname).not.toBe('Mobile Shop UK');
  await signInAsAdmin(page);
  await expect(page.getByRole('banner').getByText(`${shopname} Admin`)).toBeVisible();
  await expect(page).toHaveTitle(`Dashboard | Admin | ${shopname}`);
});

test('an unknown admin address is the 404 page, in the console, with its way back to the shop', async ({ page }) => {
  await signInAsAdmin(page);
  const answer = await page.goto('/admin/no-such-page');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeAttached();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await page.waitForURL('**/shop/home');
});

test('the sidebar keeps one group open, collapses, and the avatar menu holds Dashboard and Logout', async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page).toHaveTitle(/Dashboard/);
  await expect(page.getByText('Total Products')).toBeVisible();
  await expect(page.getByText('Total User', { exact: true })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  const product = nav.getByRole('button', { name: 'Product', exact: true });
  const settings = nav.getByRole('button', { name: 'App Setting' });
  await product.click();
  await expect(product).toHaveAttribute('aria-expanded', 'true');
  await settings.click();
  await expect(settings).toHaveAttribute('aria-expanded', 'true');
  await expect(product).toHaveAttribute('aria-expanded', 'false');
  await nav.getByRole('link', { name: 'Add Model' }).click();
  await page.waitForURL('**/admin/addmodel');
  await expect(nav.getByRole('link', { name: 'Add Model' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(nav.getByRole('link', { name: 'Add Model' })).toBeHidden();
  await nav.getByRole('button', { name: 'Phone Repair' }).click();
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
  await nav.getByRole('link', { name: 'Phone Repair List' }).click();
  await page.waitForURL('**/admin/phonerepairlist');

  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('link', { name: 'Dashboard', exact: true }).last().click();
  await page.waitForURL('**/admin/dashboard');
  // Tabbing on past Logout closes the menu.
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('button', { name: 'Logout' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await page.waitForURL('**/auth/login');
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the off-canvas menu opens, closes on navigation, an outside click and focus leaving it', async ({ page }) => {
    await signInAsAdmin(page);
    const sidebar = page.locator('#admin-sidebar');
    await expect(sidebar).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('button', { name: 'Product', exact: true }).click();
    await nav.getByRole('link', { name: 'Product List' }).click();
    await page.waitForURL('**/admin/productlist');
    await expect(sidebar).toBeHidden();
    // The link that held the focus went with the menu: the focus is on the new page's heading.
    await expect(page.getByRole('heading', { name: 'Product List', level: 1 })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar).toBeVisible();
    await page.mouse.click(360, 400);
    await expect(sidebar).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    // Focus moves into the menu as it opens.
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    // It is not modal: Tab past its last link moves on, and it closes rather than hide the focus behind it.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await sidebar.getByRole('link', { name: 'View shop' }).focus();
    await page.keyboard.press('Tab');
    await expect(sidebar).toBeHidden();
  });
});
