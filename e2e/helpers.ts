import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { ADMIN } from './playwright.config.ts';

export { ADMIN };

export function uniqueEmail(prefix = 'shopper'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@e2e.test`;
}

/** Signs in through the sign-in page and waits for the redirect by role. */
export async function signInThroughPage(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
}

export async function signInAsAdmin(page: Page): Promise<void> {
  await signInThroughPage(page, ADMIN.email, ADMIN.password);
  await page.waitForURL('**/admin/dashboard');
}

/** Creates a customer account through the API (same origin as the page). */
export async function createCustomer(page: Page, email = uniqueEmail(), password = 'customer-password'): Promise<{ email: string; password: string }> {
  const res = await page.request.post('/api/auth/register', { data: { name: 'Casey Customer', email, password } });
  expect(res.status()).toBe(201);
  return { email, password };
}

/** The id of an active model (brand) by name, from the public API. */
export async function modelId(page: Page, name: string): Promise<string> {
  const res = await page.request.get('/api/model/getall');
  const { fetchModel } = (await res.json()) as { fetchModel: { _id: string; model: string }[] };
  const found = fetchModel.find((m) => m.model === name);
  expect(found, `model ${name} exists`).toBeTruthy();
  return found!._id;
}

/**
 * No serious or critical axe violation (WCAG 2.2 AA and best practice) on the page as it is now. The parts of a shop
 * page below the first screen wait for their layout until they near the viewport (the `below-fold` utility, CSS
 * `content-visibility: auto`); axe works out the colours behind text from the layout, so they are drawn first.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await page.addStyleTag({ content: '.below-fold { content-visibility: visible !important; }' });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, label).toEqual([]);
}
