import { expect, test } from '../test.ts';
import { ADMIN, createCustomer, signInAsAdmin, uniqueEmail } from '../helpers.ts';
import { confirmAction, toast } from './support.ts';

test('an owner deletes a customer account but cannot delete their own', async ({ page }) => {
  const email = uniqueEmail('leaving');
  await createCustomer(page, email);
  await signInAsAdmin(page);
  await page.goto('/admin/userdetail');
  await expect(page).toHaveTitle(/User Detail/);
  await expect(page.getByRole('columnheader')).toHaveText(['ID', 'Name', 'Email', 'Action']);
  await expect(page.getByRole('row').nth(1)).toContainText(email);
  // The search finds accounts by name or email, and the address keeps it.
  await page.getByLabel('Search users').fill(ADMIN.email);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(ADMIN.email);
  await page.getByLabel('Search users').fill('');
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1);

  const own = page.getByRole('row').filter({ hasText: ADMIN.email });
  await expect(own.getByRole('button', { name: /Delete/ })).toBeDisabled();
  await expect(own).toContainText("You can't delete your own account");

  const row = page.getByRole('row').filter({ hasText: email });
  await confirmAction(page, 'Delete Casey Customer', 'Delete');
  await expect(toast(page, 'User deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
});
