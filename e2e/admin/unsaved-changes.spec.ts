import { expect, test } from '../test.ts';
import { signInAsAdmin } from '../helpers.ts';

test('a console form with changes not saved asks before the admin leaves it, by a link, Back or a reload', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/productlist');
  await page.getByRole('main').getByRole('link', { name: 'Add Product' }).click();
  await expect(page).toHaveURL(/\/admin\/addproduct$/);
  const name = page.getByLabel('Product Name');
  const question = page.getByRole('dialog', { name: 'Discard your changes?' });

  // Nothing typed: a link goes without asking.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/addproduct$/);

  await name.fill('A phone not saved yet');
  // A link elsewhere in the console asks; Cancel stays, with what was typed.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(question).toBeVisible();
  await expect(question).toContainText('What you typed in the form has not been saved, and will be lost if you leave this page.');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/addproduct$/);
  await expect(name).toHaveValue('A phone not saved yet');

  // So does Back, which stays on the form until answered; Escape stays too.
  await page.evaluate(() => history.back());
  await expect(question).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/addproduct$/);
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/addproduct$/);
  await expect(name).toHaveValue('A phone not saved yet');

  // A reload asks the browser's own question.
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(asked).toEqual(['beforeunload']);
  await expect(name).toHaveValue('');

  // Discarding goes where the admin was going: Back to the list.
  await name.fill('Another phone not saved');
  await page.evaluate(() => history.back());
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/admin\/productlist$/);
  await expect(page.getByRole('heading', { name: 'Product List', level: 1 })).toBeVisible();

  // A link in a post's preview does not leave the editor, so it does not ask.
  await page.goto('/admin/addblog');
  await page.getByLabel('Title').fill('Winter screen care');
  await page.getByLabel('Body', { exact: true }).fill('See [our repair prices](/shop/phonerepair).');
  await page.getByRole('region', { name: 'Preview' }).getByRole('link', { name: 'our repair prices' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/addblog$/);
  await expect(page.getByLabel('Title')).toHaveValue('Winter screen care');
});
