import { expect, test } from '../test.ts';
import { ADMIN, createCustomer, signInAsAdmin, signInThroughPage, uniqueEmail } from '../helpers.ts';

test('a visitor signs up, signs in, is checked as signed in, and signs out', async ({ page }) => {
  const email = uniqueEmail();
  await page.goto('/auth/register');
  await expect(page.getByRole('heading', { name: 'Mobile Shop UK' })).toBeVisible();
  await expect(page.getByText('You have an Account Please')).toBeVisible();
  await page.getByLabel('Name').fill('Priya Patel');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Account created. Please sign in.')).toBeVisible();
  await page.waitForURL('**/auth/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-good-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await page.waitForURL('**/shop/home');
  const check = await page.request.get('/api/auth/check');
  expect(await check.json()).toMatchObject({ success: true, user: { name: 'Priya Patel', email, role: 'user' } });

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await page.waitForURL('**/auth/login');
  // The toast outlives the page it was shown on: the sign-in page, loaded afresh, shows it for the rest of its 5 s.
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  expect((await page.request.get('/api/auth/check')).status()).toBe(401);
});

test('sign-in and sign-up forms show the spec messages before sending anything', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email')).toBeVisible();

  await page.goto('/auth/register');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('a wrong password shows the one sign-in failure message', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test.describe('route guard', () => {
  test('/ goes to the home page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/shop\/home$/);
  });

  test('an anonymous visitor to /admin signs in first and comes back to where they were', async ({ page }) => {
    await page.goto('/admin/productlist?page=2');
    await page.waitForURL('**/auth/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login successful')).toBeVisible();
    // Still there once the page has settled: the guard must not send the admin on to the dashboard.
    await expect(page.getByRole('heading', { name: 'Product List' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/productlist\?page=2$/);
  });

  test('a customer on /admin is sent to /un-authPage', async ({ page }) => {
    const customer = await createCustomer(page);
    await signInThroughPage(page, customer.email, customer.password);
    await page.waitForURL('**/shop/home');
    await page.goto('/admin/dashboard');
    await page.waitForURL('**/un-authPage');
    await expect(page.getByText('it only access Admin Please login')).toBeVisible();
  });

  test('signed-in visitors are sent away from the sign-in pages by role', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/auth/login');
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/auth/register');
    await page.waitForURL('**/admin/dashboard');

    const other = await page.context().browser()!.newContext();
    const customerPage = await other.newPage();
    const customer = await createCustomer(customerPage);
    await signInThroughPage(customerPage, customer.email, customer.password);
    await customerPage.waitForURL('**/shop/home');
    await customerPage.goto('/auth/register');
    await customerPage.waitForURL('**/shop/home');
    await other.close();
  });

  test('an unknown path shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    // In the shop's frame: its header (menus, search) and footer lead on from here too.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeAttached();
    await expect(page.getByRole('main')).toHaveCount(1);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/shop\/home$/);
  });
});

test('admin-only API calls answer 401 signed out and 403 for a customer', async ({ page }) => {
  expect((await page.request.get('/api/auth/getall')).status()).toBe(401);
  const customer = await createCustomer(page);
  await page.request.post('/api/auth/login', { data: customer });
  const res = await page.request.get('/api/auth/getall');
  expect(res.status()).toBe(403);
  expect(await res.json()).toEqual({ success: false, message: 'Admin access only' });
});
