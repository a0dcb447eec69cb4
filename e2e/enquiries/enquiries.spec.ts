import { randomBytes } from 'node:crypto';
import { enquiryMessages, type ProductsResponse } from '@shop/shared';
import { expect, test, type Page } from '../test.ts';
import { expectAccessible, modelId, signInAsAdmin } from '../helpers.ts';
import { chooseBookingTime, expectToast, fillContact } from './support.ts';

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
    const booker = `Bea Booker ${tag}`;

    // An enquiry from the product page: refused until it is complete, then sent; the form says so and closes.
    const product = await inStockProduct(page);
    await page.goto(`/shop/productpage/${product._id}`);
    await page.getByRole('button', { name: 'Send an enquiry', exact: true }).click();
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
    await row.getByRole('button', { name: `Book this repair: ${phone} ${repair}` }).click();
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
    await expect(page.getByText(`${phone} – ${repair} Repair`, { exact: true })).toBeVisible();
    await expect(page.getByText(`at ${when.time} (UK time)`)).toBeVisible();
    await expect(page.getByRole('link', { name: '07700 900555' })).toHaveAttribute('href', 'tel:07700900555');
    await expectAccessible(page, `enquiry detail at ${width} px`);
    await page.getByLabel('Status').selectOption('contacted');
    await page.getByLabel('Private note').fill('Rang back: coming in on the day.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Enquiry updated');
    await page.goto('/admin/enquiries?status=contacted');
    await expect(page.getByRole('table', { name: 'Enquiries, newest first' })).toContainText(booker);
  });
}
