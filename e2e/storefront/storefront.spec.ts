import { gzipSync } from 'node:zlib';
import type { AppDetailsResponse } from '@shop/shared';
import { expect, test, untilLive } from '../test.ts';
import { modelId, signInAsAdmin } from '../helpers.ts';
import { expectNoHorizontalScroll, products, shopPhone } from './shop.ts';

/** Issue 22: a shop page's HTML, compressed, at most this size (the home page, the largest, is about 20 KB). */
const HTML_BUDGET = 60 * 1024;

const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

for (const vp of VIEWPORTS) {
  test.describe(`storefront on ${vp.name} (${vp.width} px)`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });
    const phone = vp.width < 768;

    test("home -> a brand's phones -> a product -> 'Call For Purchase' dials the shop", async ({ page }) => {
      const { tel, phoneno } = await shopPhone(page);
      await page.goto('/shop/home');
      await expect(page).toHaveTitle(/Smartphones, Accessories & Phone Repairs/);
      const section = page.locator('section', { has: page.getByRole('heading', { name: 'Buy SmartPhones' }) });
      if (phone) await section.getByRole('combobox', { name: 'Filter phones by brand' }).selectOption({ label: 'Apple' });
      else await section.getByRole('button', { name: 'Apple', exact: true }).click();
      const names = section.getByRole('heading', { level: 3 });
      await expect(names.first()).toContainText('Apple');
      // The grid keeps the previous products on screen until the brand's arrive.
      await expect.poll(async () => (await names.allTextContents()).every((name) => name.includes('Apple'))).toBe(true);

      await section.getByRole('link', { name: 'Apple iPhone 15 Pro', exact: true }).click();
      await expect(page).toHaveURL(/\/shop\/productpage\//);
      await expect(page.getByRole('heading', { level: 1, name: 'Apple iPhone 15 Pro' })).toBeVisible();
      await expect(page).toHaveTitle(/Apple iPhone 15 Pro/);
      await expect(page.getByText('£999', { exact: true })).toBeVisible();
      await expect(page.getByText('In Stock', { exact: true })).toHaveClass(/text-green-700/);
      await expect(page.getByText('Storage 1TB')).toBeVisible();
      await expect(page.getByText('Natural Titanium')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Call For Purchase' })).toHaveAttribute('href', tel);
      if (!phone) await expect(page.getByRole('link', { name: `Call Us Today: ${phoneno}` })).toHaveAttribute('href', tel);
      await expectNoHorizontalScroll(page);
    });

    test('the product page: gallery with thumbnails and zoom, and Out of Stock instead of the call button', async ({ page }) => {
      const all = await products(page, '?q=Flip6&limit=1');
      const flip = all.fetchProducts[0]!;
      await page.goto(`/shop/productpage/${flip._id}`);
      await expect(page.getByText('Out of Stock', { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Call For Purchase' })).toHaveCount(0);
      await expect(page.locator('p', { hasText: /^Out of Stock$/ }).first()).toHaveClass(/text-red-700/);
      const thumbs = page.getByRole('button', { name: /Show image \d of \d/ });
      expect(await thumbs.count()).toBe(flip.images.length);
      await thumbs.nth(1).click();
      await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('img', { name: flip.images[1]!.alt, exact: true })).toBeVisible();
      if (!phone) {
        const frame = page.locator('[data-zoomed], .overflow-hidden.rounded-2xl').first();
        await frame.hover();
        await expect(page.locator('[data-zoomed="true"] > div')).toHaveAttribute('style', /scale\(1\.5\)/);
      }
    });

    test('listing: filter, sort, view toggle and pages, all kept in the URL', async ({ page }) => {
      const pageSize = phone ? 5 : 10;
      const total = (await products(page, '?limit=1')).total!;
      await page.goto('/shop/product');
      await expect(page).toHaveTitle('Mobile Shop UK | Buy Smartphones & Accessories');
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
      await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /.+/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/shop\/product$/);
      await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
      await expect(page.getByText(`Showing 1–${Math.min(pageSize, total)} of ${total} products`)).toBeVisible();
      const cards = page.locator('main article');
      await expect(cards).toHaveCount(pageSize);

      const pages = page.getByRole('navigation', { name: 'Product pages' });
      await pages.getByRole('link', { name: 'Page 2' }).click();
      await expect(page).toHaveURL(/page=2/);
      // The next page is drawn by the server at this window's size (a phone's browser or not), before any touch.
      await expect(page.getByText(`Showing ${pageSize + 1}–${Math.min(2 * pageSize, total)} of ${total} products`)).toBeVisible();
      await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
      await page.goBack();
      await expect(page).not.toHaveURL(/page=2/);
      await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
      await page.goForward();
      await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

      const sort = page.getByLabel('Sort by price');
      await expect(sort.locator('option')).toHaveText(['Select Filter', 'Highest Price', 'Lowest Price']);
      await sort.selectOption({ label: 'Lowest Price' });
      await expect(page).toHaveURL(/sort=price_asc/);
      await expect(page).not.toHaveURL(/page=/);
      const cheapest = (await products(page, '?sort=price_asc&limit=1')).fetchProducts[0]!;
      await expect(cards.first().getByRole('heading')).toHaveText(cheapest.productname);

      if (phone) await page.getByText('Filters', { exact: true }).click();
      const filters = page.getByRole('navigation', { name: 'Product filters' });
      await filters.getByRole('link', { name: 'Samsung' }).click();
      await expect(page).toHaveURL(/category=Smart\+phones&filter=Samsung$/);
      await expect(sort).toHaveValue('');
      await expect(page.getByRole('heading', { level: 1, name: 'Samsung' })).toBeVisible();
      await expect(cards).toHaveCount(3);
      for (const name of await cards.getByRole('heading').allTextContents()) expect(name).toContain('Samsung');
      // Its description names the brand, as the app sets it and as the server renders it.
      const description = page.locator('meta[name="description"]');
      await expect(description).toHaveAttribute('content', /^Samsung phones at .+, your local UK phone shop: /);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Samsung' })).toBeVisible();
      await expect(cards).toHaveCount(3);
      await expect(description).toHaveAttribute('content', /^Samsung phones at .+, your local UK phone shop: /);

      await page.getByRole('button', { name: 'List view' }).click();
      await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'false');
      await expectNoHorizontalScroll(page);
      // The next listing the server draws is a list already: nothing moves when the app takes it over.
      const drawn = await (await page.request.get(page.url())).text();
      expect(drawn).toMatch(/aria-pressed="true"[^>]*>(?:(?!<\/button>).)*List view/s);

      const card = cards.first();
      const call = card.getByRole('link', { name: 'Call For Purchase' });
      await expect(call).toHaveAttribute('href', (await shopPhone(page)).tel);
      const onTop = await call.evaluate((el) => {
        el.scrollIntoView({ block: 'center' });
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return Boolean(hit && el.contains(hit));
      });
      expect(onTop, "'Call For Purchase' is not covered by the card's link").toBe(true);
      await card.click({ position: { x: 24, y: 24 } });
      await expect(page).toHaveURL(/\/shop\/productpage\//);

      // A page past the last (an old link) is the last page, and says so: the server redirects before drawing it.
      const lastPage = Math.ceil(total / pageSize);
      const past = await page.goto('/shop/product?sort=price_asc&page=99');
      expect(past?.request().redirectedFrom()?.url()).toMatch(/page=99$/);
      await expect(page).toHaveURL(new RegExp(`/shop/product\\?sort=price_asc&page=${lastPage}$`));
      await expect(page.getByText(`Showing ${(lastPage - 1) * pageSize + 1}–${total} of ${total} products`)).toBeVisible();
    });

    test('listing query parameters are case-insensitive, and a filter that matches nothing says so', async ({ page }) => {
      await page.goto('/shop/product?category=ACCESSORIES&filter=cases');
      await expect(page.getByRole('heading', { level: 1, name: 'Cases' })).toBeVisible();
      await expect(page.locator('main article').first()).toBeVisible();
      await page.goto('/shop/product?category=smart%20phones&filter=No%20Such%20Brand');
      await expect(page.getByText('No products found.')).toBeVisible();
    });

    test('repair brand page -> repair price table', async ({ page }) => {
      await page.goto('/shop/phonerepair');
      await expect(page.getByRole('heading', { level: 1, name: 'Select Your Phone Brand' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Accessories Phone' })).toHaveCount(0);
      await expect(page.getByRole('img', { name: 'Samsung logo' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Samsung Phone' })).toBeVisible();
      await page.getByRole('link', { name: 'Fix Your Samsung' }).click();
      await expect(page).toHaveURL(new RegExp(`/shop/phonerepairdetail/${await modelId(page, 'Samsung')}$`));
      const table = page.getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveText(['Phone Name', 'Repair', 'Price', 'Book this repair']);
      const first = table.getByRole('row').nth(1);
      await expect(first.getByRole('cell').nth(1)).toHaveText(/ Repair$/);
      await expect(first.getByRole('cell').nth(2)).toHaveText(/^£\d[\d,]*(\.\d\d)?$/);
      await expectNoHorizontalScroll(page);
    });

    test('error states: an unknown product and an unknown repair model', async ({ page }) => {
      await page.goto('/shop/productpage/no-such-product');
      await expect(page.getByRole('alert')).toHaveText(/.+/);
      await expect(page.getByRole('link', { name: 'Back to the shop' })).toBeVisible();
      await page.goto('/shop/phonerepairdetail/no-such-model');
      await expect(page.getByRole('alert')).toHaveText(/.+/);
      await expect(page.getByRole('table')).toHaveCount(0);
    });

    test('the blog and the 404 page', async ({ page }) => {
      await page.goto('/shop/blog');
      await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
      // The demo catalogue's posts (an empty blog says 'No posts yet': apps/web BlogPage.test.tsx).
      await expect(page.getByRole('link', { name: 'Repair or replace? Five questions to ask before you upgrade' })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await page.goto('/shop/no-such-page');
      await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await expect(page).toHaveURL(/\/shop\/home$/);
    });
  });
}

test.describe('menus', () => {
  test('the mobile menu goes where its items say; it closes on an item, a click outside or focus leaving it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/shop/home');
    await expect(page.getByText('Call Us Today:')).toBeHidden();
    const opener = page.getByRole('button', { name: 'Menu', exact: true });
    await opener.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Blog',
      'Mobile Phone',
      'Accessories',
      'Phone Repair',
      'Sign In',
      'Sign Up',
    ]);
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.mouse.click(360, 600);
    await expect(menu).toBeHidden();
    await opener.click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();
    // It is not modal: Tab past its last item moves on into the page, and the menu closes rather than hide the focus.
    await opener.click();
    await menu.getByRole('link', { name: 'Sign Up' }).focus();
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => document.activeElement?.closest('#mobile-menu') ?? null)).toBeNull();
    await opener.click();
    await menu.getByRole('link', { name: 'Accessories' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/shop\/product\?category=Accessories$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Accessories' })).toBeVisible();
  });

  test('the desktop menu: submenus of active brands and categories, click rules, keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/shop/home');
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Mobile Phone' }).hover();
    const brands = main.locator('ul ul').first();
    await expect(brands).toBeVisible();
    await expect(brands.getByRole('link', { name: 'Accessories' })).toHaveCount(0);
    await brands.getByRole('link', { name: 'Google' }).click();
    await expect(page).toHaveURL(/\/shop\/product\?category=Smart\+phones&filter=Google$/);
    // A link loads its page, whose submenus open from the keyboard once the page is live.
    await untilLive(page);
    await page.getByRole('button', { name: 'Phone Repair submenu' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveAttribute('href', /\/shop\/phonerepairdetail\//);
    const outline = await focused.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline, 'focus is visible').not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/shop\/phonerepairdetail\//);
    // The newest brand comes first; other journeys may have added one without repair prices yet.
    await expect(page.getByRole('heading', { level: 1, name: /Repair Prices$/ })).toBeVisible();

    await main.getByRole('link', { name: 'Accessories' }).click();
    await expect(page).toHaveURL(/\/shop\/product\?category=Accessories$/);
    await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign In | Sign Up' })).toHaveAttribute('href', '/auth/login');
  });

  test('admins see Admin Dashboard in both menus', async ({ page }) => {
    await signInAsAdmin(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/shop/home');
    await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
  });
});

test.describe('frame and quality', () => {
  test('header and footer carry the shop settings; social links open safely in a new tab', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { tel } = await shopPhone(page);
    await page.goto('/shop/home');
    const header = page.locator('header');
    await expect(header.getByRole('link', { name: /Call Us Today/ })).toHaveAttribute('href', tel);
    await expect(header.getByRole('link', { name: /Email Us/ })).toHaveAttribute('href', /^mailto:/);
    await expect(header.getByRole('link', { name: /opens a map/ })).toHaveAttribute('href', /google\.com\/maps\/search/);
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: /Call Us/ })).toHaveAttribute('href', tel);
    await expect(footer.getByText('© 2025 All rights reserved by Mobile Shop UK')).toBeVisible();
    for (const link of await footer.getByRole('list', { name: 'Social links' }).getByRole('link').all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test('the home page: hero slider with arrows that wrap, carousel with dots, repair cards and GO Fix', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/shop/home');
    const hero = page.getByRole('region', { name: 'Highlights' });
    const current = hero.locator('[aria-roledescription="slide"][aria-hidden="false"] h2');
    await expect(current).toHaveText('Buy Phones');
    await hero.getByRole('button', { name: 'Previous slide' }).click();
    await expect(current).toHaveText('Call Us Today');
    await hero.getByRole('button', { name: 'Next slide' }).click();
    await expect(current).toHaveText('Buy Phones');
    await hero.getByRole('button', { name: 'Next slide' }).click();
    await expect(current).toHaveText('Repair Phones');
    await expect(hero.getByRole('link', { name: 'See repair prices' })).toHaveAttribute('href', '/shop/phonerepair');

    for (const brand of ['iPhone', 'Samsung', 'Nokia', 'Oppo', 'Redmi'])
      await expect(page.getByRole('link', { name: new RegExp(`^${brand}`) }).first()).toBeVisible();
    // Each card opens its brand's repair prices.
    const repairShop = page.getByRole('region', { name: 'Mobile Phone Repair Shop' });
    await expect(repairShop.getByRole('link', { name: /^iPhone/ })).toHaveAttribute('href', '/repairs/apple');
    await expect(repairShop.getByRole('link', { name: /^Redmi/ })).toHaveAttribute('href', '/repairs/xiaomi');
    await expect(page.getByRole('link', { name: 'GO Fix' })).toHaveAttribute('href', '/shop/phonerepair');

    // Far below the first screen, the carousel is not set up (no dots) even once the browser has been idle, and
    // is as soon as it is scrolled near.
    const carousel = page.getByRole('region', { name: 'Product carousel' });
    const dots = carousel.getByRole('button', { name: /^Go to slide/ });
    await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle, { timeout: 2000 })));
    await expect(dots).toHaveCount(0);
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByRole('button', { name: 'Go to slide 1', exact: true })).toHaveAttribute('aria-current', 'true');
    await carousel.getByRole('button', { name: 'Next products' }).click();
    await expect(carousel.getByRole('button', { name: 'Go to slide 2', exact: true })).toHaveAttribute('aria-current', 'true');
    // A dot's width changes at once and only its colour fades: a width animated would lay the page out in each frame.
    const animated = await dots.locator('span').evaluateAll((spans) => spans.map((s) => getComputedStyle(s).transitionProperty));
    expect(animated.length).toBeGreaterThan(1);
    for (const properties of animated) expect(properties.split(', ')).toEqual(expect.arrayContaining(['background-color']));
    expect(animated.join(', ')).not.toMatch(/\b(all|width)\b/);
    const fullyVisible = () =>
      carousel.evaluate((region) => {
        const box = region.firstElementChild!.getBoundingClientRect();
        return [...region.querySelectorAll('article')].filter((c) => {
          const r = c.getBoundingClientRect();
          return r.left >= box.left - 1 && r.right <= box.right + 1;
        }).length;
      });
    await expect.poll(fullyVisible, { message: '4 products shown at 1280 px' }).toBe(4);

    // Its pause button stops it until pressed again, the pointer and focus left on it; its name says what a press does.
    const shown = () => carousel.locator('[aria-current="true"]').getAttribute('aria-label');
    await carousel.getByRole('button', { name: 'Pause products' }).click();
    const held = await shown();
    await page.waitForTimeout(2 * 2500 + 600);
    expect(await shown()).toBe(held);
    await carousel.getByRole('button', { name: 'Play products' }).click();
    await expect.poll(shown, { timeout: 2 * 2500 }).not.toBe(held);
  });

  test("the shop's first load does not download the admin console", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await page.goto('/shop/home', { waitUntil: 'networkidle' });
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /AdminApp|FormField|react-select|zod/i.test(s))).toEqual([]);
  });

  test('every shop page sends at most 60 KB of HTML, gzipped', async ({ page }) => {
    const apple = await modelId(page, 'Apple');
    const first = (await products(page, '?limit=1')).fetchProducts[0]!;
    for (const path of [
      '/shop/home',
      '/shop/product',
      `/shop/productpage/${first._id}`,
      '/shop/phonerepair',
      `/shop/phonerepairdetail/${apple}`,
      '/repairs/apple',
      '/repairs/apple/iphone-13',
      '/search?q=iphone',
      '/shop/blog',
      '/shop/blog/is-it-worth-replacing-your-iphone-battery',
      '/contact',
    ]) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(200);
      const size = gzipSync(await res.body()).length;
      expect(size, `${path}: ${(size / 1024).toFixed(1)} KB gzipped`).toBeLessThanOrEqual(HTML_BUDGET);
    }
  });

  for (const width of [320, 1920]) {
    test(`no horizontal scrolling at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const apple = await modelId(page, 'Apple');
      const first = (await products(page, '?limit=1')).fetchProducts[0]!;
      for (const path of [
        '/shop/home',
        '/shop/product',
        `/shop/productpage/${first._id}`,
        '/shop/phonerepair',
        `/shop/phonerepairdetail/${apple}`,
        '/shop/blog',
        '/shop/blog/is-it-worth-replacing-your-iphone-battery',
      ]) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await expectNoHorizontalScroll(page);
      }
    });
  }

  test('at 320 px a repair price table fits inside its card, Book column included; the page does not scroll sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    // Samsung's phone names hold the demo catalogue's longest word; its model page has no Phone Name column.
    const samsung = await modelId(page, 'Samsung');
    for (const path of [`/shop/phonerepairdetail/${samsung}`, '/repairs/samsung', '/repairs/samsung/galaxy-s24']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      const table = page.getByRole('table');
      await expect(table.getByRole('link', { name: /^Book this repair: / }).first()).toBeVisible();
      const overflow = () => table.evaluate((t) => t.scrollWidth - t.parentElement!.clientWidth);
      await expect.poll(overflow, { message: `${path}: the table's overflow of its card in px` }).toBeLessThanOrEqual(0);
      await expectNoHorizontalScroll(page);
    }
  });

  test("at 320 px the shop's name and whether it is open are never cut off, also with a reader's text spacing", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    // Saturday 5 June 2027, 18:00 in the UK: closed until the next day, a status of the longest usual kind.
    await page.clock.setFixedTime(new Date('2027-06-05T17:00:00Z'));
    const shop = (await (await page.request.get('/api/appdetail/getall')).json()) as AppDetailsResponse;
    await page.goto('/shop/home');
    const name = page.getByRole('link', { name: shop.fetchAppDetail[0]!.shopname, exact: true }).first();
    const status = page.getByTestId('open-status').first();
    await expect(status).toHaveText(/^Closed now · opens [A-Z][a-z]{2} \d\d:\d\d$/);
    const whole = (part: typeof name) => part.evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight);
    expect(await whole(name), 'the name').toBe(true);
    expect(await whole(status), 'the status').toBe(true);
    // WCAG 1.4.12's spacing: the words wrap onto more lines, and none is lost.
    await page.addStyleTag({
      content: '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }',
    });
    expect(await whole(name), 'the name, spaced').toBe(true);
    expect(await whole(status), 'the status, spaced').toBe(true);
  });

  test("at 320 px a product's open status keeps its time beside the WhatsApp button, the line's height unchanged", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    // Saturday 5 June 2027, 18:00 in the UK: closed until the next day.
    await page.clock.setFixedTime(new Date('2027-06-05T17:00:00Z'));
    const first = (await products(page, '?limit=1')).fetchProducts[0]!;
    await page.goto(`/shop/productpage/${first._id}`);
    const line = page.getByTestId('product-open-status');
    const before = await line.evaluate((e) => e.getBoundingClientRect().height);
    await expect(line.getByText(/^Closed now · opens [A-Z][a-z]{2} \d\d:\d\d$/)).toBeVisible();
    await expect(line.getByRole('link', { name: /^WhatsApp us/ })).toBeVisible();
    const text = line.locator('p');
    expect(await text.evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight)).toBe(true);
    expect(await line.evaluate((e) => e.getBoundingClientRect().height)).toBe(before);
  });
});
