import { expect, test } from '../test.ts';
import { expectAccessible, modelId } from '../helpers.ts';
import { products } from './shop.ts';

/** Every shop page (and its error states) with no serious or critical axe violations, on a phone and a desktop. */
for (const width of [375, 1280]) {
  test(`every shop page passes axe at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const apple = await modelId(page, 'Apple');
    const first = (await products(page, '?limit=1')).fetchProducts[0]!;
    const pages = [
      '/shop/home',
      '/shop/product',
      '/shop/product?category=Accessories&filter=NoSuchCategory',
      `/shop/productpage/${first._id}`,
      '/shop/productpage/no-such-product',
      '/shop/phonerepair',
      `/shop/phonerepairdetail/${apple}`,
      '/shop/phonerepairdetail/no-such-model',
      '/shop/blog',
      '/shop/no-such-page',
      '/repairs/apple',
      '/repairs/apple/iphone-13',
      '/repairs/apple/no-such-phone',
      '/search?q=samsung',
      '/search?q=xyzzy',
      '/search',
    ];
    const titles = new Set<string>();
    for (const path of pages) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.locator('h1')).toBeVisible();
      // A list still showing its previous results while the new ones load is dimmed on purpose: scan it once settled.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      titles.add(await page.title());
      await expectAccessible(page, `${path} at ${width} px`);
    }
    expect(titles.size, 'every page has its own title').toBeGreaterThanOrEqual(8);
  });
}

test('the slides’ dots stay visible where the visitor forces colours, drawn in the system’s', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto('/shop/home');
  const colours = await page.evaluate(() => {
    const system = (name: string) => {
      const probe = document.body.appendChild(document.createElement('span'));
      probe.style.cssText = `forced-color-adjust: none; background-color: ${name}`;
      const value = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return value;
    };
    const dots = [...document.querySelectorAll<HTMLElement>('[aria-label="Highlights"] [data-dot] > span')];
    for (const dot of dots) dot.style.transition = 'none';
    return {
      dots: dots.map((dot) => getComputedStyle(dot).backgroundColor),
      text: system('CanvasText'),
      highlight: system('Highlight'),
    };
  });
  expect(colours.text).not.toBe(colours.highlight);
  expect(colours.dots).toEqual([colours.highlight, colours.text, colours.text]);
});
