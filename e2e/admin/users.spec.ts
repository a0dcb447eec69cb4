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

  const own = page.getByRole('row').filter({ hasText: ADMIN.email });
  await expect(own.getByRole('button', { name: /Delete/ })).toBeDisabled();
  await expect(own).toContainText("You can't delete your own account");

  const row = page.getByRole('row').filter({ hasText: email });
  await confirmAction(page, 'Delete Casey Customer', 'Delete');
  await expect(toast(page, 'User deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
});
