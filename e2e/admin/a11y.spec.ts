import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../test.ts';
import { signInAsAdmin } from '../helpers.ts';

const PAGES = [
  ['dashboard', 'Total Products'],
  ['enquiries', 'Status'],
  ['appdetail', 'Shop_Name'],
  ['addproduct', 'Choose images'],
  ['productlist', 'Availability'],
  ['addphonerepair', 'Repair List'],
  ['phonerepairlist', 'Add Repair'],
  ['userdetail', 'Email'],
  ['addmodel', 'Model Name'],
  ['repaircategory', 'Repair Category'],
  ['acccategory', 'Acc Category'],
  ['activity', 'Filter'],
] as const;

for (const width of [1280, 375]) {
  test(`every admin page passes an axe scan at ${width} px with no serious or critical violation`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    const list = await (await page.request.get('/api/product/getall?page=1&limit=1')).json();
    const repairs = await (await page.request.get('/api/phonerepair/getall?page=1&limit=1')).json();
    const pages: (readonly [string, string])[] = [
      ...PAGES,
      [`updateproduct/${list.fetchProducts[0]._id}`, 'Update'],
      [`updatephonerepair/${repairs.fetchPhoneRepair[0]._id}`, 'Update'],
    ];
    for (const [path, text] of pages) {
      await page.goto(`/admin/${path}`);
      await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
      // Nothing still loading (dnd-kit's announcer of the product form's pictures is a status region of its own).
      await expect(page.locator('[role="status"]:not([id^="DndLiveRegion"])')).toHaveCount(0);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    await page.goto('/admin/addproduct');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Images are required')).toBeVisible();
    const withErrors = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const badWithErrors = withErrors.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(badWithErrors.map((v) => `${v.id} ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
  });
}
