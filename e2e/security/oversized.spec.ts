import { expect, test } from '../test.ts';
import { signInAsAdmin } from '../helpers.ts';
import { uniqueName } from '../admin/support.ts';

/** A photo far over the 8 MB limit: JPEG's first bytes, then filler. */
function bigPhoto(): { name: string; mimeType: string; buffer: Buffer } {
  const buffer = Buffer.alloc(20 * 1024 * 1024, 0x20);
  buffer.set([0xff, 0xd8, 0xff, 0xe0]);
  return { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer };
}

test('a 20 MB photo is refused as too large: at once by the form, and by the server when sent anyway', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  await page.goto('/admin/addmodel');
  const name = uniqueName('Huge');
  await page.getByLabel('Model Name').fill(name);
  const photo = bigPhoto();
  await page.getByLabel('Choose logo').setInputFiles(photo);
  await expect(page.getByText(`"${photo.name}" is larger than 8 MB`)).toBeVisible();
  // Sent from the browser anyway (a page of an older version, say): the server's answer arrives, not a network error.
  const answer = await page.evaluate(
    async ({ name, bytes }) => {
      const big = new Uint8Array(bytes).fill(0x20);
      big.set([0xff, 0xd8, 0xff, 0xe0]);
      const form = new FormData();
      form.append('model', name);
      form.append('file', new Blob([big], { type: 'image/jpeg' }), 'holiday.jpg');
      const res = await fetch('/api/model/create', { method: 'POST', body: form });
      return { status: res.status, body: await res.json() };
    },
    { name, bytes: photo.buffer.length },
  );
  expect(answer).toMatchObject({ status: 400, body: { success: false, message: 'Each image must be at most 8 MB' } });
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
