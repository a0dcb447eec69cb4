import { randomBytes } from 'node:crypto';
import { enquiryMessages, type ProductsResponse } from '@shop/shared';
import type { Browser } from '@playwright/test';
import { expect, test, untilLive, type Page } from '../test.ts';
import { expectAccessible, modelId, signInAsAdmin } from '../helpers.ts';
import { chooseBookingTime, expectToast, fillContact } from './support.ts';
import { expectNoHorizontalScroll } from '../storefront/shop.ts';

async function inStockProduct(page: Page) {
  const { fetchProducts } = (await (await page.request.get('/api/product/getall?limit=50')).json()) as ProductsResponse;
  const product = fetchProducts.find((p) => p.availability === 'In Stock');
  expect(product, 'the demo catalogue has a product in stock').toBeTruthy();
  return product!;
}

for (const width of [375, 1280]) {
  test(`a visitor sends an enquiry and books a repair, and the owner handles them in the inbox, at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const tag = randomBytes(3).toString('hex');
    const asker = `Ada Asker ${tag}`;
    // A name of one word wider than a phone, as a name typed without spaces can be: the pages break it.
    const booker = `Bea Bookerwithasurnamelongerthananyphoneiswide${tag}`;

    // An enquiry from the product page: refused until it is complete, then sent; the form says so and closes.
    const product = await inStockProduct(page);
    await page.goto(`/shop/productpage/${product._id}`);
    await page.getByRole('link', { name: 'Send an enquiry', exact: true }).click();
    const enquiry = page.getByRole('dialog', { name: 'Send an enquiry' });
    await expect(enquiry).toBeVisible();
    await expect(enquiry.getByText(product.productname, { exact: true })).toBeVisible();
    await expect(enquiry.getByLabel('Your message')).toHaveValue(
      `Hello, I'm interested in the ${product.productname}. Is it available?`,
    );
    await enquiry.getByRole('button', { name: 'Send enquiry' }).click();
    for (const message of [enquiryMessages.nameRequired, enquiryMessages.contactRequired, enquiryMessages.consent]) {
      await expect(enquiry.getByText(message, { exact: true })).toBeVisible();
    }
    await expectAccessible(page, `enquiry form at ${width} px`);
    await fillContact(enquiry, { name: asker, email: `ada-${tag}@example.com` });
    await enquiry.getByRole('button', { name: 'Send enquiry' }).click();
    await expectToast(page, enquiryMessages.sent);
    await expect(enquiry).toBeHidden();

    // A booking from the repair table, filled in with the phone and the repair.
    await page.goto(`/shop/phonerepairdetail/${await modelId(page, 'Apple')}`);
    const row = page.getByRole('table').getByRole('row').nth(1);
    const phone = (await row.getByRole('cell').nth(0).textContent())!;
    const repair = (await row.getByRole('cell').nth(1).textContent())!.replace(/ Repair$/, '');
    await row.getByRole('link', { name: `Book this repair: ${phone} ${repair}` }).click();
    const booking = page.getByRole('dialog', { name: 'Book this repair' });
    await expect(booking.getByText(`${phone} – ${repair} Repair`, { exact: true })).toBeVisible();
    await fillContact(booking, { name: booker, phone: '07700 900555' });
    const when = await chooseBookingTime(booking);
    await expectAccessible(page, `booking form at ${width} px`);
    await booking.getByRole('button', { name: 'Send booking request' }).click();
    await expectToast(page, enquiryMessages.booked);
    await expect(booking).toBeHidden();

    // The contact page: the address, the hours and the same form.
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Opening hours' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Open in Maps/ })).toHaveAttribute('href', /google\.com\/maps/);
    await expect(page.getByRole('button', { name: 'Send enquiry' })).toBeVisible();
    await expectAccessible(page, `contact page at ${width} px`);

    // The owner: a badge of new enquiries, the inbox newest first, filters, the booking in full, status and note.
    await signInAsAdmin(page);
    await expect(page.getByRole('link', { name: /New Enquiries/ })).toBeVisible();
    await page.goto('/admin/enquiries');
    const table = page.getByRole('table', { name: 'Enquiries, newest first' });
    await expect(table.getByRole('row').nth(1)).toContainText(booker);
    await expect(table.getByRole('row').nth(2)).toContainText(asker);
    await expectAccessible(page, `inbox at ${width} px`);
    await page.getByLabel('Kind').selectOption('booking');
    await expect(table).not.toContainText(asker);
    await table.getByRole('link', { name: `Open the repair booking from ${booker}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Repair booking from ${booker}` })).toBeVisible();
    await expectNoHorizontalScroll(page);
    // The way back keeps the inbox's filter.
    await expect(page.getByRole('link', { name: /All enquiries/ })).toHaveAttribute('href', '/admin/enquiries?kind=booking');
    await expect(page.getByText(`${phone} – ${repair} Repair`, { exact: true })).toBeVisible();
    await expect(page.getByText(`at ${when.time} (UK time)`)).toBeVisible();
    await expect(page.getByRole('link', { name: '07700 900555' })).toHaveAttribute('href', 'tel:07700900555');
    await expectAccessible(page, `enquiry detail at ${width} px`);
    await page.getByLabel('Status').selectOption('contacted');
    await page.getByLabel('Private note').fill('Rang back: coming in on the day.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Enquiry updated');
    // The form stays as saved, and so does focus.
    await expect(page.getByRole('button', { name: 'Save' })).toBeFocused();
    await page.goto('/admin/enquiries?status=contacted');
    await expect(page.getByRole('table', { name: 'Enquiries, newest first' })).toContainText(booker);
    // The history names the change as the inbox does.
    await page.goto('/admin/activity?entity=enquiry');
    const change = page
      .getByRole('article')
      .filter({ hasText: `${phone} – ${repair} Repair` })
      .first();
    await expect(change).toContainText('Private note');
    await expect(change).toContainText('Contacted');
  });
}

/**
 * Without the app, the booking form's times come with the page the server answers for a day: sends the form with
 * each day from two ahead until one has times, chooses the first, and returns it.
 */
async function chooseTimeWithoutApp(page: Page): Promise<string> {
  for (let ahead = 2; ahead < 16; ahead++) {
    await page.getByLabel('Preferred day').fill(new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10));
    await page.getByRole('button', { name: 'Send booking request' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    const times = page.getByLabel('Preferred time').locator('option');
    if ((await times.count()) > 1) {
      const time = (await times.nth(1).getAttribute('value'))!;
      await page.getByLabel('Preferred time').selectOption(time);
      return time;
    }
  }
  throw new Error('no day with booking times in the next fortnight');
}

/** The owner's inbox, signed in, in a browser of its own with JavaScript (the console is the app). */
async function ownersInbox(browser: Browser): Promise<{ admin: Page; close: () => Promise<void> }> {
  const owner = await browser.newContext({ javaScriptEnabled: true });
  const admin = await owner.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/enquiries');
  return { admin, close: () => owner.close() };
}

test('a booking dialog closed by mistake opens again as it was left, and another repair’s starts afresh', async ({ page }) => {
  await page.goto('/repairs/apple/iphone-13');
  await untilLive(page);
  const screenRepair = page.getByRole('link', { name: 'Book this repair: Apple iPhone 13 Screen' });
  await screenRepair.click();
  const dialog = page.getByRole('dialog', { name: 'Book this repair' });
  await fillContact(dialog, { name: 'Rhys Draft', phone: '07700 900321' });
  await dialog.getByLabel('Anything we should know?').fill('The screen is cracked at the top.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await screenRepair.click();
  await expect(dialog.getByLabel('Your name')).toHaveValue('Rhys Draft');
  await expect(dialog.getByLabel('Phone', { exact: true })).toHaveValue('07700 900321');
  await expect(dialog.getByLabel('Anything we should know?')).toHaveValue('The screen is cracked at the top.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page
    .getByRole('link', { name: /^Book this repair: Apple iPhone 13 (?!Screen)/ })
    .first()
    .click();
  await expect(dialog.getByLabel('Your name')).toHaveValue('');
});

test.describe('the contact form without the app', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the browser sends it itself: refused with everything typed kept and the messages, then booked', async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      const booker = `Nell Noscript ${randomBytes(3).toString('hex')}`;
      await page.goto('/contact');
      await page.getByRole('radio', { name: 'Book a repair' }).check();
      await page.getByLabel('Your name').fill(booker);
      await page.getByLabel('Email', { exact: true }).fill('nell@example');
      await page.getByLabel('Your message').fill('The screen of my Pixel 8 is cracked.');
      await page.getByRole('button', { name: 'Send enquiry' }).click();

      // The page again: the first message on top, each beside its field, and what was typed, now as a booking.
      await expect(page).toHaveURL(/\/contact#contact-form$/);
      await expect(page.getByRole('alert')).toHaveText(enquiryMessages.email);
      for (const message of [enquiryMessages.email, enquiryMessages.consent, enquiryMessages.dateRequired]) {
        await expect(page.getByText(message, { exact: true }).last()).toBeVisible();
      }
      await expect(page.getByRole('radio', { name: 'Book a repair' })).toBeChecked();
      await expect(page.getByLabel('Your name')).toHaveValue(booker);
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue('nell@example');
      await expect(page.getByLabel('Anything we should know?')).toHaveValue('The screen of my Pixel 8 is cracked.');

      // The day's times come with the page the server answers for that day.
      await page.getByLabel('Email', { exact: true }).fill('nell@example.com');
      await page.getByRole('checkbox', { name: /I agree to/ }).check();
      await chooseTimeWithoutApp(page);
      await expect(page.getByLabel('Your name')).toHaveValue(booker);
      await page.getByRole('button', { name: 'Send booking request' }).click();
      await expect(page).toHaveURL(/\/contact\?sent=booking#contact-form$/);
      await expect(page.getByRole('status').filter({ hasText: enquiryMessages.booked })).toBeVisible();
      await expect(page.getByLabel('Your name')).toHaveValue('');

      // The owner finds it in the inbox.
      const { admin, close } = await ownersInbox(browser);
      await expect(admin.getByRole('table', { name: 'Enquiries, newest first' })).toContainText(booker);
      await close();
    });
  });

  test.describe('without JavaScript, from a repair table', () => {
    test.use({ javaScriptEnabled: false });

    test("'Book this repair' leads to the contact page's booking form for that repair, which books it", async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      const booker = `Rhys Repair ${randomBytes(3).toString('hex')}`;
      await page.goto('/repairs/apple/iphone-13');
      const book = page.getByRole('link', { name: 'Book this repair: Apple iPhone 13 Screen' });
      await book.click();
      await expect(page).toHaveURL(/\/contact\?repair=[\w-]+#contact-form$/);
      const form = page.getByRole('region', { name: 'Book this repair' });
      await expect(form.getByText('Apple iPhone 13 – Screen Repair', { exact: true })).toBeVisible();
      await expect(form.getByRole('radio')).toHaveCount(0);
      await expect(form.getByLabel('Anything we should know?')).toHaveValue(
        "Hello, I'd like to book this repair: Apple iPhone 13 – Screen Repair.",
      );
      await form.getByLabel('Your name').fill(booker);
      await form.getByLabel('Phone', { exact: true }).fill('07700 900654');
      await form.getByRole('checkbox', { name: /I agree to/ }).check();
      // Refused for its day and time: still the form about this repair.
      await form.getByRole('button', { name: 'Send booking request' }).click();
      await expect(page).toHaveURL(/\/contact\?repair=[\w-]+#contact-form$/);
      await expect(page.getByRole('region', { name: 'Book this repair' })).toContainText('Apple iPhone 13 – Screen Repair');
      const time = await chooseTimeWithoutApp(page);
      await page.getByRole('button', { name: 'Send booking request' }).click();
      await expect(page.getByRole('status').filter({ hasText: enquiryMessages.booked })).toBeVisible();

      const { admin, close } = await ownersInbox(browser);
      await admin.getByRole('link', { name: `Open the repair booking from ${booker}` }).click();
      await expect(admin.getByText('Apple iPhone 13 – Screen Repair', { exact: true })).toBeVisible();
      await expect(admin.getByText(`at ${time} (UK time)`)).toBeVisible();
      await close();
    });
  });

  test("'Book this repair' tapped before the app is live leads straight to the booking form, and opens it in a dialog once it is", async ({
    context,
  }) => {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
    });
    await page.goto('/repairs/apple/iphone-13', { waitUntil: 'load' });
    // The visitor's first touch: it starts the app, and the browser follows the link at once.
    await page.getByRole('link', { name: 'Book this repair: Apple iPhone 13 Screen' }).click();
    await expect(page).toHaveURL(/\/contact\?repair=[\w-]+#contact-form$/);
    const form = page.getByRole('region', { name: 'Book this repair' });
    await expect(form).toContainText('Apple iPhone 13 – Screen Repair');
    // The app takes the form about the repair over as the server drew it, from a touch once the page has loaded (boot.js,
    // which starts the app at a touch, runs once the page is parsed).
    await page.waitForLoadState('load');
    await untilLive(page);
    await expect(form.getByLabel('Anything we should know?')).toHaveValue(
      "Hello, I'd like to book this repair: Apple iPhone 13 – Screen Repair.",
    );
    expect(problems).toEqual([]);
    await page.goBack();
    await untilLive(page);
    await page.getByRole('link', { name: 'Book this repair: Apple iPhone 13 Screen' }).click();
    await expect(page.getByRole('dialog', { name: 'Book this repair' })).toBeVisible();
    await expect(page).toHaveURL(/\/repairs\/apple\/iphone-13$/);
  });

  test("once live, a page with 'Book this repair' has fetched the booking form's code, so a tap needs no network", async ({
    context,
  }) => {
    const page = await context.newPage();
    await page.goto('/repairs/apple/iphone-13', { waitUntil: 'load' });
    await untilLive(page);
    // The page fetches the form's code (its dialog, its rules, the form libraries) once it is live and idle, and
    // draws the dialog off the page: once the dialog's chunk is in, the network falls quiet when the rest is.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => /\/EnquiryDialog-[\w-]+\.js$/.test(entry.name)),
    );
    await page.waitForLoadState('networkidle');
    // The connection drops: the tap still opens the booking form, from what was fetched.
    await context.setOffline(true);
    try {
      await page.getByRole('link', { name: 'Book this repair: Apple iPhone 13 Screen' }).click();
      await expect(page.getByRole('dialog', { name: 'Book this repair' }).getByLabel('Your name')).toBeVisible();
      await expect(page).toHaveURL(/\/repairs\/apple\/iphone-13$/);
    } finally {
      await context.setOffline(false);
    }
  });

  test("once live, an enquiry link whose dialog's code cannot be fetched leads to the contact page's form instead", async ({
    page,
  }) => {
    const product = await inStockProduct(page);
    await page.route(/\/assets\/(?:islands\/)?EnquiryDialog-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(`/shop/productpage/${product._id}`);
    await page.getByRole('link', { name: 'Send an enquiry', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/contact\\?product=${product._id}#contact-form$`));
    await expect(page.getByRole('region', { name: 'Send an enquiry' })).toContainText(product.productname);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a form sent before the app could start is answered by the server, and the app takes the answer over', async ({
    context,
  }) => {
    // A page of its own: this journey waits for the app itself, once its code can be fetched.
    const page = await context.newPage();
    const asker = `Otto Offline ${randomBytes(3).toString('hex')}`;
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().includes('Failed to load resource')) problems.push(m.text());
    });
    // The app's code cannot be fetched (a phone between two masts): the form is still sent, by the browser.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/contact', { waitUntil: 'load' });
    await page.getByLabel('Your name').fill(asker);
    await page.getByLabel('Your message').fill('Do you unlock phones?');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    // Headed by its first field's message in the form's order (phone or email before the consent).
    await expect(page.getByRole('alert')).toHaveText(enquiryMessages.contactRequired);
    await expect(page.getByText(enquiryMessages.consent, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Your name')).toHaveValue(asker);

    // Reachable again: the app starts on this page, keeps what the server drew, and sends the form itself.
    await page.unroute(/\/assets\/.*\.js$/);
    await page.mouse.move(5, 5);
    await page.mouse.move(9, 9);
    await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
    await expect(page.getByLabel('Your name')).toHaveValue(asker);
    await expect(page.getByLabel('Your message')).toHaveValue('Do you unlock phones?');
    await expect(page.getByText(enquiryMessages.contactRequired, { exact: true }).last()).toBeVisible();
    await page.getByLabel('Phone', { exact: true }).fill('07700 900321');
    // The form's own code arrives at its first touch, and keeps what was typed meanwhile.
    await expect(page.locator('[data-island="enquiry-form"]')).toHaveAttribute('data-hydrated', '');
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('07700 900321');
    await page.getByRole('checkbox', { name: /I agree to/ }).check();
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expectToast(page, enquiryMessages.sent);
    await expect(page).toHaveURL(/\/contact#contact-form$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByLabel('Your name')).toHaveValue('');
    expect(problems).toEqual([]);
  });
});
