import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

/** A small PNG of one colour, generated for the test (no fixtures from elsewhere). */
export async function png(name: string, colour: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 120, height: 120, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** A name no earlier run used, starting with a capital as the forms require. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${randomBytes(3).toString('hex')}`;
}

/** Picks an option of a react-select by its label. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Clicks a row's destructive button, then confirms in the dialog. */
export async function confirmAction(page: Page, buttonName: string, confirmLabel: string): Promise<void> {
  await page.getByRole('button', { name: buttonName, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: confirmLabel, exact: true }).click();
  await expect(dialog).toBeHidden();
}

export const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });
