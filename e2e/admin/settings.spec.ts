import { expect, test } from '../test.ts';
import { signInAsAdmin } from '../helpers.ts';
import { confirmAction, png, toast, uniqueName } from './support.ts';

test('the shop information form shows the spec messages before sending anything', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/appdetail');
  await expect(page).toHaveTitle(/App Information/);
  await expect(page.getByLabel('Phone No')).toHaveValue('+44');
  await page.getByRole('button', { name: 'Submit' }).click();
  for (const message of [
    'Shop Name is Required',
    'Email is Required',
    'Invalid UK phone number format',
    'Address is Required',
    'Logo is Required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Shop Name').fill('lowercase shop');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Phone No').fill('');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('The First letter must be capitalized')).toBeVisible();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await expect(page.getByText('Phone number is required')).toBeVisible();
});

test('an owner edits the shop information and sees it in the shop header and footer', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/appdetail');
  const table = page.getByRole('table', { name: 'Shop information' });
  const first = table.getByRole('row').nth(1);
  await first.getByRole('button', { name: /^Edit / }).click();
  await expect(page.getByLabel('Shop Name')).toBeFocused();
  const name = uniqueName('Harbour Phones');
  await page.getByLabel('Shop Name').fill(name);
  await page.getByLabel('Phone No').fill('07700 900456');
  await page.getByLabel('Instagram').fill('https://instagram.com/harbourphones');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Shop settings updated')).toBeVisible();
  await expect(first.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(page.getByLabel('Shop Name')).toHaveValue('');

  await page.goto('/shop/home');
  await expect(page.getByRole('banner').getByText(name, { exact: true }).first()).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.locator('a[href="tel:07700900456"]')).toBeVisible();
  await expect(footer.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', 'https://instagram.com/harbourphones');
});

test('an owner adds shop information with a logo, then deletes it after confirming', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/appdetail');
  const name = uniqueName('Second Branch');
  await page.getByLabel('Shop Name').fill(name);
  await page.getByLabel('Email').fill('branch@example.co.uk');
  await page.getByLabel('Phone No').fill('+44 7700 900789');
  await page.getByLabel('Address').fill('1 Market Square, Oxford OX1 1AA');
  await page.getByLabel('Choose logo').setInputFiles(await png('logo.png', '#0962a8'));
  await expect(page.getByRole('list', { name: 'Logo' }).getByRole('img')).toBeVisible();
  const notPicture = '"notes.png" is not a JPEG, PNG, WebP, AVIF or GIF picture';
  await page.getByLabel('Change logo').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('notes') });
  await expect(page.getByText(notPicture)).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Shop settings created')).toBeVisible();
  // The emptied form lists no refusal of a file chosen before.
  await expect(page.getByText(notPicture)).toHaveCount(0);
  await expect(page.getByLabel('Shop Name')).toHaveValue('');
  await expect(page.getByLabel('Phone No')).toHaveValue('+44');
  await expect(page.getByRole('list', { name: 'Logo' })).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('img', { name: `${name} logo` })).toHaveAttribute('width', '50');

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();

  // Being edited, and its delete refused: what was typed stays in the form.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByLabel('Address').fill('2 Market Square, Oxford OX1 1AA');
  await page.route('**/api/appdetail/delete/**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"message":"Try again shortly"}' }),
  );
  await confirmAction(page, `Delete ${name}`, 'Delete');
  await expect(toast(page, 'Try again shortly')).toBeVisible();
  await expect(page.getByLabel('Address')).toHaveValue('2 Market Square, Oxford OX1 1AA');
  await page.unroute('**/api/appdetail/delete/**');

  // Edit on another record, with something typed, asks before replacing it.
  const other = page.getByRole('row').nth(1);
  await other.getByRole('button', { name: /^Edit / }).click();
  const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Address')).toHaveValue('2 Market Square, Oxford OX1 1AA');
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();

  await confirmAction(page, `Delete ${name}`, 'Delete');
  await expect(toast(page, 'Shop settings deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByLabel('Shop Name')).toHaveValue('');

  await page.getByLabel('Shop Name').fill('Typed Then Dropped');
  await other.getByRole('button', { name: /^Edit / }).click();
  await discard.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByLabel('Shop Name')).not.toHaveValue(/^(Typed Then Dropped)?$/);
  await expect(page.getByRole('heading', { name: /^Edit / })).toBeVisible();
});

test('an owner sets a closure and a WhatsApp number, checked as the server checks them, and the shop shows them', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin/appdetail');
  const first = page.getByRole('table', { name: 'Shop information' }).getByRole('row').nth(1);
  await first.getByRole('button', { name: /^Edit / }).click();
  await expect(page.getByRole('checkbox', { name: /Show the opening hours in the shop/ })).toBeChecked();
  await page.getByRole('button', { name: 'Add a closure' }).click();
  const year = new Date().getUTCFullYear() + 1;
  // Each closure and each day is a group named for it, so a screen reader says whose field it is.
  const closure = (label: string) =>
    page
      .getByRole('group', { name: /^Closure \d+$/ })
      .last()
      .getByLabel(label, { exact: true });
  await closure('From').fill(`${year}-08-10`);
  await closure('To').fill(`${year}-08-03`);
  await page.getByLabel('WhatsApp number (optional)').fill('0118 496 0000');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Give the closure a name, e.g. Christmas')).toBeVisible();
  await expect(page.getByText('The last day must be on or after the first day')).toBeVisible();
  await expect(page.getByText('Invalid UK phone number format')).toBeVisible();

  // Two openings of Monday that overlap: the day's own error is announced.
  await page.getByRole('button', { name: /on Monday$/ }).click();
  const monday = page.getByRole('group', { name: 'Monday' });
  await monday.getByLabel('Opens (2)').fill('10:00');
  await monday.getByLabel('Closes (2)').fill('12:00');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Opening times of a day must not overlap' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove Monday opening 2' }).click();

  await closure('Name').fill('Stocktake');
  await closure('To').fill(`${year}-08-11`);
  await page.getByLabel('WhatsApp number (optional)').fill('07700 900123');
  // Open till midnight on Saturdays: 00:00 closes at the day's end.
  const saturdayClose = page.locator('#hours-sat-0-close');
  const saturdayClosed = await saturdayClose.inputValue();
  await saturdayClose.fill('00:00');
  // Nothing is guessed after a midnight close: the added opening is left blank to fill in.
  await page.getByRole('button', { name: 'Add more hours on Saturday' }).click();
  await expect(page.locator('#hours-sat-1-open')).toHaveValue('');
  await page.getByRole('button', { name: 'Remove Saturday opening 2' }).click();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Shop settings updated')).toBeVisible();

  await page.goto('/contact');
  const day = (date: string) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(`${date}T00:00:00Z`).getUTCDay()];
  await expect(
    page.getByText(`Stocktake: ${day(`${year}-08-10`)} 10 Aug – ${day(`${year}-08-11`)} 11 Aug ${year}`),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /WhatsApp us: 07700 900123/ })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/447700900123\?text=/,
  );
  await expect(
    page
      .getByRole('definition')
      .filter({ hasText: /^\d\d:\d\d–00:00$/ })
      .first(),
  ).toBeVisible();

  // Put the hours back as they were for the other journeys.
  await page.goto('/admin/appdetail');
  await first.getByRole('button', { name: /^Edit / }).click();
  // Closures are kept in date order: the one added, next August, is the last.
  await page
    .getByRole('button', { name: /^Remove closure / })
    .last()
    .click();
  await saturdayClose.fill(saturdayClosed);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Shop settings updated')).toBeVisible();
});

test('removing an opening or a closure with the keyboard leaves the focus beside it, not at the top of the page', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin/appdetail');
  await page
    .getByRole('table', { name: 'Shop information' })
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /^Edit / })
    .click();
  await expect(page.getByLabel('Shop Name')).toBeFocused();
  // Monday's openings, one more to remove first: the Remove button now in its place takes the focus, and once the
  // day has none, the button that opens it again.
  await page.getByRole('button', { name: 'Add more hours on Monday' }).click();
  await page.getByRole('button', { name: 'Remove Monday opening 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove Monday opening 1' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Remove Monday opening 2' })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Open this day on Monday' })).toBeFocused();
  // The last closure removed: the one before it takes the focus, and with none left, the button that adds one.
  const closures = page.getByRole('button', { name: /^Remove closure \d+$/ });
  await page.getByRole('button', { name: 'Add a closure' }).click();
  for (let left = await closures.count(); left > 0; left--) {
    await page.getByRole('button', { name: `Remove closure ${left}` }).focus();
    await page.keyboard.press('Enter');
    await expect(
      left > 1
        ? page.getByRole('button', { name: `Remove closure ${left - 1}` })
        : page.getByRole('button', { name: 'Add a closure' }),
    ).toBeFocused();
  }
});
