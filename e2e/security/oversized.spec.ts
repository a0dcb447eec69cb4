import { expect, test } from '../test.ts';
import { signInAsAdmin } from '../helpers.ts';
import { toast, uniqueName } from '../admin/support.ts';

/** A photo far over the 8 MB limit: JPEG's first bytes, then filler. */
function bigPhoto(): { name: string; mimeType: string; buffer: Buffer } {
  const buffer = Buffer.alloc(20 * 1024 * 1024, 0x20);
  buffer.set([0xff, 0xd8, 0xff, 0xe0]);
  return { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer };
}

test('a 20 MB photo uploaded from the browser is answered as too large, not a network error', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  await page.goto('/admin/addmodel');
  await page.getByLabel('Model Name').fill(uniqueName('Huge'));
  await page.getByLabel('Choose logo').setInputFiles(bigPhoto());
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Each image must be at most 8 MB')).toBeVisible();
  await expect(page.getByText('Could not reach the shop')).toBeHidden();
});

test('a 5 MB sign-up sent by the browser gets the 413 answer it can read', async ({ page }) => {
  await page.goto('/auth/register');
  const answer = await page.evaluate(async () => {
    const res = await fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(5_000_000), email: 'big@example.com', password: 'longenough' }),
    });
    return { status: res.status, body: await res.json() };
  });
  expect(answer).toEqual({ status: 413, body: { success: false, message: 'The request body is too large' } });
});
