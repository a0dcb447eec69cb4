import { shopStatus, type AppDetailsResponse } from '@shop/shared';
import { expect, test, untilLive, type Page } from '../test.ts';
import { modelId, signInAsAdmin } from '../helpers.ts';
import { products } from './shop.ts';

/** The shop pages the server renders, with the demo catalogue's records. */
async function shopPages(page: Page): Promise<string[]> {
  const product = (await products(page, '?limit=1')).fetchProducts[0]!;
  return [
    '/shop/home',
    '/shop/product?category=Smart%20phones&filter=Nokia',
    `/shop/productpage/${product._id}`,
    '/shop/phonerepair',
    `/shop/phonerepairdetail/${await modelId(page, 'Nokia')}`,
    '/shop/blog',
    '/shop/blog/is-it-worth-replacing-your-iphone-battery',
    '/repairs/apple',
    '/repairs/apple/iphone-13',
    '/search?q=samsung',
  ];
}

/**
 * Holds the app's entry back until the returned function is called, as on a slow phone: until then the page is the
 * server's HTML and what boot.js does with it. Held again, the newest hold is the one that counts.
 */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?:islands\/)?(index|islands)-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const PHONE = {
  viewport: { width: 375, height: 812 },
  isMobile: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
};

test.describe('server-rendered shop pages', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('every shop page arrives with its content: headings, products, prices and links', async ({ page }) => {
      const urls = await shopPages(page);
      await page.goto(urls[0]!);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Latest Arrivals' })).toBeVisible();
      await page.goto(urls[1]!);
      await expect(page.getByRole('link', { name: /Nokia/ }).first()).toBeVisible();
      await expect(page.getByText(/£\d/).first()).toBeVisible();
      await page.goto(urls[2]!);
      await expect(page.getByRole('link', { name: /Call For Purchase|Call/ }).first()).toBeVisible();
      await page.goto(urls[4]!);
      await expect(page.getByRole('heading', { name: 'Nokia Repair Prices' })).toBeVisible();
      await expect(page.getByRole('table')).toBeVisible();
      // A real link, followed without the app: the next page arrives rendered too.
      await page.goto('/shop/phonerepair');
      await page.getByRole('link', { name: /Nokia/ }).first().click();
      await expect(page.getByRole('heading', { name: 'Nokia Repair Prices' })).toBeVisible();
    });

    test('controls only a script answers are left out; every picture shows and the carousel scrolls', async ({ page }) => {
      await page.goto('/shop/home');
      await expect(page.getByRole('heading', { name: 'Latest Arrivals' })).toBeVisible();
      for (const name of ['Next slide', 'Previous slide', 'Pause slides', 'Next products', 'Pause products']) {
        await expect(page.getByRole('button', { name }), name).toHaveCount(0);
      }
      await expect(page.getByRole('group', { name: 'Filter phones by brand' })).toHaveCount(0);
      // Its tabs on a wide screen and its select on a narrow one.
      for (const tabs of await page.getByLabel('Filter phones by brand').all()) await expect(tabs).toBeHidden();
      // The carousel's products beyond its first screen are scrolled to.
      const carousel = page.getByRole('region', { name: 'Product carousel' }).locator('[data-scrolls-without-script]');
      expect(await carousel.evaluate((el) => [getComputedStyle(el).overflowX, el.scrollWidth > el.clientWidth])).toEqual([
        'auto',
        true,
      ]);

      const pictured = (await products(page, '?limit=50')).fetchProducts.find((p) => p.images.length > 1)!;
      await page.goto(`/shop/productpage/${pictured._id}`);
      await expect(page.getByRole('button', { name: /^Show image/ })).toHaveCount(0);
      for (const image of pictured.images)
        await expect(page.getByRole('img', { name: image.alt, exact: true }).first()).toBeVisible();

      await page.goto('/shop/product');
      await expect(page.getByRole('button', { name: 'Grid view' })).toHaveCount(0);
      await expect(page.locator('main article').first()).toBeVisible();
    });

    test('each shop page fetches at most one picture ahead of the rest: the first a phone shows', async ({ page }) => {
      let preloads = 0;
      for (const url of [...(await shopPages(page)), '/shop/product']) {
        const html = await (await page.request.get(url)).text();
        expect(html.match(/<img\b[^>]*\bfetchpriority="high"/gi)?.length ?? 0, url).toBeLessThanOrEqual(1);
        // Each picture preloaded once (named by its first candidate): the renderer's preload is the only one.
        const files = [...html.matchAll(/<link rel="preload" as="image"[^>]*>/gi)].map(
          ([link]) => (/\bimagesrcset="([^" ]+)/i.exec(link) ?? /\bhref="([^"]+)/.exec(link))![1],
        );
        expect(new Set(files).size, `${url}: ${files.join(' ')}`).toBe(files.length);
        preloads += files.length;
      }
      expect(preloads).toBeGreaterThan(0);
      // A desktop's first row of cards or brands loads as soon as it is laid out; a phone's screen holds the first.
      for (const [url, pictures] of [
        ['/shop/product', page.locator('main article img')],
        ['/shop/phonerepair', page.locator('main li img')],
      ] as const) {
        await page.goto(url);
        await expect(pictures.first()).toHaveAttribute('loading', 'eager');
        await expect(pictures.nth(1)).toHaveAttribute('loading', 'lazy');
      }
    });

    test("the shop's opening status, and while it is closed the enquiry links beside call-to-buy, come with the page", async ({
      page,
    }) => {
      const shop = (await (await page.request.get('/api/appdetail/getall')).json()) as AppDetailsResponse;
      const hours = shop.fetchAppDetail[0]!.hours!;
      // The status as the server had it while the page was asked for (it may change in between, at a minute's turn).
      const before = shopStatus(hours, Date.now());
      await page.goto('/shop/home');
      const after = shopStatus(hours, Date.now());
      const line = page.getByTestId('open-status').first();
      await expect(line).toBeVisible();
      const shown = (await line.textContent())!;
      expect([before.text, after.text]).toContain(shown);
      const enquiries = page.getByRole('link', { name: /^Send an enquiry about / });
      if ((shown === before.text ? before : after).open) await expect(enquiries).toHaveCount(0);
      else {
        await expect(enquiries.first()).toBeVisible();
        await enquiries.first().click();
        await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
        await expect(page.getByLabel('Your message')).toHaveValue(/^Hello, I'm interested in the .+\. Is it available\?$/);
      }
    });

    test('a missing page or record, or a page the app draws itself, says so and leads back to the shop', async ({ page }) => {
      for (const url of ['/no-such-page', '/shop/productpage/no-such-product', '/repairs/apple/iphone-99']) {
        expect((await page.goto(url))?.status(), url).toBe(404);
        await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }), url).toBeVisible();
      }
      await page.goto('/auth/login');
      await expect(page.getByRole('heading', { level: 1, name: 'This page needs JavaScript' })).toBeVisible();
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await expect(page).toHaveURL(/\/shop\/home$/);
      await expect(page.getByRole('heading', { name: 'Latest Arrivals' })).toBeVisible();
    });

    test("every icon of every shop page is drawn from the page's own sprite", async ({ page }) => {
      for (const url of await shopPages(page)) {
        await page.goto(url);
        const icons = await page.locator('svg use').evaluateAll((uses) =>
          uses.map((use) => {
            const href = use.getAttribute('href') ?? '';
            return { href, symbol: href.startsWith('#') ? document.getElementById(href.slice(1))?.tagName : undefined };
          }),
        );
        expect(icons.length, url).toBeGreaterThan(0);
        expect(
          icons.filter((icon) => icon.symbol !== 'symbol'),
          url,
        ).toEqual([]);
      }
      const phone = page.getByRole('banner').locator('svg').first();
      expect((await phone.boundingBox())?.width).toBeGreaterThan(0);
    });

    test('on a phone, the menu opens, closes on Escape and outside, and its links work', async ({ page }) => {
      await page.setViewportSize(PHONE.viewport);
      await page.goto('/shop/home');
      const opener = page.getByRole('button', { name: 'Menu', exact: true });
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await opener.click();
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await opener.click();
      await page.mouse.click(360, 600);
      await expect(menu).toBeHidden();
      await opener.click();
      await menu.getByRole('link', { name: 'Phone Repair' }).click();
      await expect(page).toHaveURL(/\/shop\/phonerepair$/);
    });

    test("the listing's sort is a form with its own button: the same brand's phones, sorted", async ({ page }) => {
      await page.goto('/shop/product?category=Smart%20phones&filter=Samsung');
      await page.getByLabel('Sort by price').selectOption('price_asc');
      await page.getByRole('button', { name: 'Sort', exact: true }).click();
      await expect(page).toHaveURL(/\/shop\/product\?category=Smart\+phones&filter=Samsung&sort=price_asc$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Samsung' })).toBeVisible();
      await expect(page.getByLabel('Sort by price')).toHaveValue('price_asc');
      const prices = (
        await page
          .locator('main')
          .getByText(/^£[\d,.]+$/)
          .allTextContents()
      ).map((p) => Number(p.replace(/[£,]/g, '')));
      expect(prices.length).toBeGreaterThan(1);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    });

    test("on a phone, the listing's filters open and their links work", async ({ page }) => {
      await page.setViewportSize(PHONE.viewport);
      await page.goto('/shop/product?category=Smart%20phones&filter=Nokia');
      const filters = page.getByRole('navigation', { name: 'Product filters' });
      await expect(filters).toBeHidden();
      await page.getByText('Filters', { exact: true }).click();
      await filters.getByRole('link', { name: 'Samsung' }).click();
      await expect(page).toHaveURL(/filter=Samsung$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Samsung' })).toBeVisible();
    });
  });

  for (const [device, options] of [
    ['a phone', PHONE],
    ['a desktop', { viewport: { width: 1280, height: 800 } }],
  ] as const) {
    test(`on ${device}, the browser takes each page over without replacing anything and with a clean console`, async ({
      browser,
      page: setup,
    }) => {
      const urls = await shopPages(setup);
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      // Every element the server sent is remembered before the app starts (boot.js waits for the first paint).
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { sent: Element[] }).sent = [...document.querySelectorAll('#root *')];
        });
      });
      for (const url of urls) {
        problems.length = 0;
        await page.goto(url);
        await untilLive(page);
        // The app's code has been started, and has settled.
        await page.waitForFunction(() => document.querySelector('script[type="module"]') !== null);
        await page.waitForLoadState('networkidle');
        const sent = await page.evaluate(() => {
          const all = (window as unknown as { sent: Element[] }).sent;
          return { count: all.length, replaced: all.filter((e) => !e.isConnected).map((e) => e.outerHTML.slice(0, 120)) };
        });
        expect(sent.count, `${url} was rendered on the server`).toBeGreaterThan(50);
        expect(sent.replaced, `${url}: elements replaced when the browser took over`).toEqual([]);
        expect(problems, url).toEqual([]);
      }
      if (device === 'a phone') {
        await page.getByRole('button', { name: /menu/i }).first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
      }
      await context.close();
    });
  }

  test("the app's code waits for the visitor's first touch, and the home page's slider moves before it", async ({
    browser,
    page: setup,
  }) => {
    const urls = await shopPages(setup);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const scripts = (page: Page) =>
      page.evaluate(
        () =>
          performance
            .getEntriesByType('resource')
            .filter((e) => new URL(e.name).pathname.startsWith('/assets/') && e.name.endsWith('.js')).length,
      );

    // A listing only a visitor's touch starts: nothing of the app is fetched while they read.
    await page.goto(urls[1]!, { waitUntil: 'load' });
    await page.waitForTimeout(1500);
    expect(await scripts(page), "the app's code was fetched without a touch").toBe(0);
    await page.mouse.move(10, 10);
    await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
    expect(await scripts(page)).toBeGreaterThan(0);

    // The home page's slides move every 4 seconds before the app, and only the slide shown can be reached.
    const context2 = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const home = await context2.newPage();
    await home.goto(urls[0]!, { waitUntil: 'load' });
    const slider = home.getByRole('region', { name: 'Highlights' });
    const slide = (n: number) => slider.getByRole('group', { name: `${n} of 3`, includeHidden: true });
    await expect(slide(2)).toHaveAttribute('aria-hidden', 'false', { timeout: 6000 });
    await expect(slide(1)).toHaveAttribute('inert', '');
    await expect(slider.getByRole('button', { name: /^Show slide 2/ })).toHaveAttribute('aria-current', 'true');
    expect(await scripts(home), "the home page's app was fetched without a touch").toBe(0);
    // The pointer over the slider holds it, and starts the app, which goes on from the slide shown, held too.
    await slider.hover();
    await home.waitForFunction(() => document.documentElement.dataset.app === 'live');
    await home.waitForTimeout(4500);
    await expect(slide(2)).toHaveAttribute('aria-hidden', 'false');
    await expect(slider.getByRole('button', { name: /^Show slide 2/ })).toHaveAttribute('aria-current', 'true');
    await expect(slider.getByRole('button', { name: /^Show slide 1/ })).not.toHaveAttribute('aria-current');
    await home.mouse.move(640, 890);
    await expect(slide(3)).toHaveAttribute('aria-hidden', 'false', { timeout: 6000 });
    await expect(slider.getByRole('button', { name: /^Show slide 3/ })).toHaveAttribute('aria-current', 'true');
    await context2.close();
    await context.close();
  });

  test("when the app's code cannot be fetched at the first touch, a later touch starts it", async ({ browser, page: setup }) => {
    const urls = await shopPages(setup);
    const context = await browser.newContext();
    const page = await context.newPage();
    // A phone between two masts: the first touch's fetches fail.
    const failed = new Promise<void>((resolve) =>
      page.on('requestfailed', (request) => {
        if (/\/assets\/islands\/islands-[\w-]+\.js$/.test(request.url())) resolve();
      }),
    );
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(urls[1]!, { waitUntil: 'load' });
    await page.mouse.move(10, 10);
    await failed;
    await page.waitForFunction(() => document.head.querySelector('script[type="module"][src^="/assets/"]') === null);
    await page.unroute(/\/assets\/.*\.js$/);
    // Reachable again: the next touch starts the app, and the page goes live.
    await page.mouse.move(20, 20);
    await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
    await context.close();
  });

  test('a page left open, untouched, shows the new status once the shop opens or closes, even after the device slept', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const shop = ((await (await page.request.get('/api/appdetail/getall')).json()) as AppDetailsResponse).fetchAppDetail[0]!;
    await page.clock.install();
    await page.goto('/shop/home', { waitUntil: 'load' });
    const until = Number(await page.locator('#render-state').getAttribute('data-until'));
    const status = page.getByTestId('open-status').first();
    const now = await page.evaluate(() => Date.now());
    await expect(status).toHaveText(shopStatus(shop.hours!, now).text);
    // The lid closed until a minute past the change, then opened: the page goes live on its own and says so.
    await page.clock.fastForward(until - now + 60_000);
    await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
    await expect(status).toHaveText(shopStatus(shop.hours!, until + 60_000).text);
    await context.close();
  });

  test('a page is marked live only once every part of it is hydrated, not just the header', async ({ page }) => {
    // A product's gallery, a part of its own, takes over from boot.js as it is hydrated: by the time the page is
    // marked live, it must have.
    const product = (await products(page, '?limit=1')).fetchProducts[0]!;
    await page.addInitScript(() => {
      const seen = window as Window & { takenOver?: boolean; takenOverWhenLive?: boolean };
      document.addEventListener('taken-over', () => (seen.takenOver = true), true);
      new MutationObserver(() => {
        if (document.documentElement.dataset.app === 'live') seen.takenOverWhenLive ??= Boolean(seen.takenOver);
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-app'] });
    });
    await page.goto(`/shop/productpage/${product._id}`, { waitUntil: 'load' });
    await page.mouse.move(10, 10);
    await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
    expect(await page.evaluate(() => (window as Window & { takenOverWhenLive?: boolean }).takenOverWhenLive)).toBe(true);
  });

  test('a button tapped before the app was live is handled once it is', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The app's entry arrives only once the button is tapped.
    const tapped = await holdTheApp(page);
    await page.goto('/shop/home', { waitUntil: 'load' });
    // The tap itself starts the app; the brand it chooses (only the app does) is chosen once the app is live.
    const brand = page.getByRole('group', { name: 'Filter phones by brand' }).getByRole('button').nth(1);
    await brand.click();
    tapped();
    await expect(brand).toHaveAttribute('aria-pressed', 'true');
    await context.close();
  });

  test("the slider's arrows and dots and a gallery's thumbnails answer at once, and the app goes on from there", async ({
    browser,
    page: setup,
  }) => {
    const product = (await products(setup, '?limit=50')).fetchProducts.find((p) => p.images.length > 1)!;
    const context = await browser.newContext({ ...PHONE, hasTouch: true });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    // The app's entry arrives only when the test lets it.
    let release = await holdTheApp(page);

    await page.goto('/shop/home', { waitUntil: 'load' });
    const slider = page.getByRole('region', { name: 'Highlights' });
    const slide = (n: number) => slider.getByRole('group', { name: `${n} of 3`, includeHidden: true });
    await slider.getByRole('button', { name: 'Previous slide' }).tap();
    await expect(slide(3)).toHaveAttribute('aria-hidden', 'false');
    await expect(slide(1)).toHaveAttribute('inert', '');
    await slider.getByRole('button', { name: /^Show slide 2/ }).tap();
    await expect(slide(2)).toHaveAttribute('aria-hidden', 'false');
    await expect(slider.getByRole('button', { name: /^Show slide 2/ })).toHaveAttribute('aria-current', 'true');
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    release();
    await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
    // The app goes on from slide 2, and a tap moves it once: boot.js neither answers it too nor taps it again.
    await expect(slide(2)).toHaveAttribute('aria-hidden', 'false');
    await slider.getByRole('button', { name: 'Next slide' }).tap();
    await expect(slide(3)).toHaveAttribute('aria-hidden', 'false');
    await page.waitForTimeout(300);
    await expect(slide(3)).toHaveAttribute('aria-hidden', 'false');
    await expect(slider.getByRole('button', { name: /^Show slide 3/ })).toHaveAttribute('aria-current', 'true');

    release = await holdTheApp(page);
    await page.goto(`/shop/productpage/${product._id}`, { waitUntil: 'load' });
    const thumbs = page.getByRole('button', { name: /^Show image \d of \d$/ });
    const picture = (n: number) => page.getByRole('img', { name: product.images[n]!.alt, exact: true });
    await thumbs.nth(1).tap();
    await expect(picture(1)).toBeVisible();
    await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(thumbs.nth(0)).toHaveAttribute('aria-pressed', 'false');
    await expect(picture(0)).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    release();
    await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
    await expect(picture(1)).toBeVisible();
    await thumbs.nth(0).tap();
    await expect(picture(0)).toBeVisible();
    await expect(picture(1)).toBeHidden();
    await expect(thumbs.nth(0)).toHaveAttribute('aria-pressed', 'true');
    await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'false');
    expect(problems).toEqual([]);
    await context.close();
  });

  test("the slider's steps animate only what the compositor draws: the slides' transform and the dots' opacity", async ({
    page,
  }) => {
    await page.goto('/shop/home');
    const animated = await page.evaluate(() => {
      const slider = document.querySelector('[aria-label="Highlights"]')!;
      const transition = (element: Element) => getComputedStyle(element).transitionProperty;
      return {
        track: transition(slider.querySelector('[aria-roledescription="slide"]')!.parentElement!),
        dots: [...slider.querySelectorAll('[data-dot] > span')].map(transition),
      };
    });
    // A width or a colour animated would be laid out or painted again on the main thread in each frame of a step.
    expect(animated).toEqual({ track: 'transform, translate, scale, rotate', dots: ['opacity', 'opacity', 'opacity'] });
  });

  test('a sort chosen before the app was live is applied once it is', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/shop/product', { waitUntil: 'load' });
    const sort = page.getByLabel('Sort by price');
    // Reaching the select by keyboard is the touch that starts the app.
    await sort.focus();
    await sort.selectOption('price_asc');
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(sort).toHaveValue('price_asc');
    await context.close();
  });

  test('words typed into the search before the app was live get their suggestions once it is', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // The app's entry arrives only once the words are typed.
    const typed = await holdTheApp(page);
    await page.goto('/shop/product', { waitUntil: 'load' });
    const box = page.locator('header').getByRole('combobox', { name: 'Search the shop' });
    await box.click();
    await page.keyboard.type('iphone13');
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    typed();
    await expect(page.getByRole('listbox', { name: 'Suggestions for iphone13' })).toBeVisible();
    await expect(box).toHaveValue('iphone13');
    await context.close();
  });

  test("a listing drawn for another window is drawn at this window's size once loaded, before any touch", async ({
    browser,
    page: setup,
  }) => {
    const total = (await products(setup, '?limit=1')).total!;
    // A computer's narrow window, where the server guesses a computer; a phone turned sideways, where it guesses a phone.
    const windows = [
      { options: { viewport: { width: 375, height: 812 } }, size: 5 },
      { options: { ...PHONE, viewport: { width: 844, height: 390 } }, size: 10 },
    ];
    for (const { options, size } of windows) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await page.goto('/shop/product', { waitUntil: 'load' });
      await expect(page.getByText(`Showing 1–${size} of ${total} products`)).toBeVisible();
      await expect(page.locator('main article')).toHaveCount(size);
      expect((await context.cookies()).find((c) => c.name === 'narrow')?.value).toBe(size === 5 ? '1' : '0');
      // The next page, drawn by the server at this window's size, waits for a touch.
      await page.goto('/shop/product?page=2', { waitUntil: 'load' });
      await expect(page.getByText(`Showing ${size + 1}–${Math.min(2 * size, total)} of ${total} products`)).toBeVisible();
      await page.waitForTimeout(1000);
      expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
      await context.close();
    }
  });

  test('a signed-in visitor gets the rendered page, then their own account links, without a touch', async ({ page }) => {
    await signInAsAdmin(page);
    const untouched = await page.context().newPage();
    await untouched.goto('/shop/product');
    await expect(untouched.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
  });
});
