import { expect, test, type Page } from '../test.ts';
import { expectAccessible, modelId, signInAsAdmin } from '../helpers.ts';
import { confirmAction, png, toast, uniqueName } from '../admin/support.ts';
import { expectNoHorizontalScroll } from '../storefront/shop.ts';

/** A script that ran would set this, or open a dialog. */
const ranScript = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);

const HOSTILE = [
  '<script>window.__xss = "script"</script>',
  '<img src=x onerror="window.__xss = \'img\'">',
  '<svg onload="window.__xss = \'svg\'"></svg>',
  '<iframe src="javascript:window.__xss=\'iframe\'"></iframe>',
  '[a javascript link](javascript:window.__xss=1)',
  '[an entity link](&#106;avascript:window.__xss=1)',
  '[a data link](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==)',
  '![a data image](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+)',
  '![a tracking pixel](https://tracker.example/pixel.gif)',
  '<p style="background:url(javascript:window.__xss=1)">styled</p>',
].join('\n\n');

function body(apple: string): string {
  return [
    'A cracked screen is the repair we do most. Here is how to avoid one, and what to do when it happens.',
    '',
    '## Look after your screen',
    '',
    '- Fit a **tempered glass** protector',
    '- Keep the phone out of the pocket with your keys',
    '',
    '| Phone | Screen repair | Takes |',
    '|:--|--:|--:|',
    '| Apple iPhone 11 with the original display assembly | £79 | about 45 minutes |',
    '| Samsung Galaxy S24 Ultra with the curved AMOLED panel | £229 | about 90 minutes |',
    '',
    '```',
    'Settings › Display & Brightness › Auto-Lock › 30 seconds, so the screen is off when you are not looking at it',
    '```',
    '',
    `See our [Apple repair prices](/shop/phonerepairdetail/${apple}) or [Apple's advice](https://support.apple.com/en-gb).`,
    '',
    '<script>window.__xss = 1</script>',
    '',
  ].join('\n');
}

for (const width of [375, 1280]) {
  test(`at ${width} px an admin writes, previews and publishes a post, and a reader reads it`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signInAsAdmin(page);
    const apple = await modelId(page, 'Apple');
    const title = uniqueName('Screen care tips');

    // Writing.
    await page.goto('/admin/addblog');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Post' })).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await expect(page.getByLabel('Slug')).toHaveValue(title.toLowerCase().replace(/\s+/g, '-'));
    // With an address in it, a word longer than a phone is wide.
    await page
      .getByLabel('Excerpt')
      .fill(
        'How to keep your screen in one piece. Our prices: https://kingsway.example/prices/AppleiPhoneScreenRepairPricesFrom2026',
      );
    await page.locator('#cover').setInputFiles(await png('cover.png', '#0f766e'));
    await page.getByLabel('Cover alt text').fill('A phone with a new screen');
    const editor = page.getByRole('textbox', { name: 'Body', exact: true });
    await editor.fill(body(apple));
    await page.locator('#body-image').setInputFiles(await png('photo.png', '#f59e0b'));
    await expect(editor).toHaveValue(/!\[Describe the image\]\(\/media\/[a-f0-9]{64}\.webp\)/);
    // The alt text is selected after the upload: typing replaces it.
    await page.keyboard.type('A cracked screen before the repair');
    await expect(editor).toHaveValue(/!\[A cracked screen before the repair\]\(\/media\//);

    // Previewing: side by side on a desktop, Write and Preview in turn on a phone.
    const preview = page.getByRole('region', { name: 'Preview' });
    if (width < 1024) {
      await expect(preview).toBeHidden();
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      await expect(editor).toBeHidden();
    } else await expect(editor).toBeVisible();
    await expect(preview.getByRole('heading', { level: 2, name: 'Look after your screen' })).toBeVisible();
    await expect(preview.getByRole('table')).toBeVisible();
    await expect(preview.getByRole('img', { name: 'A cracked screen before the repair' })).toBeVisible();
    await expect(preview.getByText('<script>window.__xss = 1</script>')).toBeVisible();
    await expectAccessible(page, `the editor at ${width} px`);
    if (width < 1024) await page.getByRole('button', { name: 'Write', exact: true }).click();

    // Publishing.
    await page.getByLabel('Status').selectOption('published');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Post created')).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');

    // Reading, as a visitor: the address in the excerpt breaks rather than widen the page.
    await page.goto('/shop/blog');
    await expectAccessible(page, `the blog at ${width} px`);
    await expectNoHorizontalScroll(page);
    await page.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/shop\/blog\/screen-care-tips-[0-9a-f]{6}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(title));
    const post = page.locator('.post-body');
    await expect(post.getByRole('heading', { level: 2, name: 'Look after your screen' })).toBeVisible();
    await expect(post.getByRole('listitem')).toHaveCount(2);
    await expect(post.getByRole('cell', { name: '£229' })).toBeVisible();
    await expect(post.getByRole('img', { name: 'A cracked screen before the repair' })).toBeVisible();
    await expect(post.getByText('<script>window.__xss = 1</script>')).toBeVisible();
    await expect(post.getByRole('link', { name: 'Apple’s advice' })).toHaveAttribute('rel', 'noopener noreferrer');
    // Long lines, the table and the code block stay within the page: they scroll inside their own box.
    await expectNoHorizontalScroll(page);
    for (const selector of ['.post-body pre', '.post-body table', '.post-body img']) {
      const box = (await page.locator(selector).boundingBox())!;
      expect(box.x + box.width, `${selector} at ${width} px`).toBeLessThanOrEqual(width);
    }
    await expectAccessible(page, `the post at ${width} px`);
    expect(await ranScript(page)).toBeUndefined();

    // A link in the body to a repair page opens it.
    await post.getByRole('link', { name: 'Apple repair prices' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/phonerepairdetail/${apple}$`));
    await expect(page.getByRole('heading', { name: 'Apple Repair Prices' })).toBeVisible();
    expect(dialogs).toEqual([]);

    // The list finds it; deleting asks first.
    await page.goto('/admin/bloglist');
    await page.getByLabel('Search posts by title').fill(title);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('cell', { name: 'Published' })).toBeVisible();
    await expectAccessible(page, `the blog list at ${width} px`);
    await confirmAction(page, `Delete ${title}`, 'Delete');
    await expect(toast(page, 'Post deleted')).toBeVisible();
    await expect(page.getByText('No data available')).toBeVisible();
  });
}

test.describe('readers only ever see published posts', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('drafts, scheduled posts and unknown slugs are the 404 page; an old slug moves to the new one', async ({ page }) => {
    await signInAsAdmin(page);
    const cover = await png('cover.png', '#134e4a');
    const fields = (title: string, over: Record<string, string> = {}) => ({
      title,
      slug: '',
      excerpt: 'A short summary of the post for the blog and search results.',
      body: 'Some words about phones.',
      status: 'published',
      publishedAt: '',
      alt: 'A cover picture',
      ...over,
    });
    const create = async (title: string, over: Record<string, string> = {}) => {
      const res = await page.request.post('/api/blog/create', { multipart: { ...fields(title, over), file: cover } });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()).data as { _id: string; slug: string };
    };
    const draft = await create(uniqueName('A draft'), { status: 'draft' });
    const scheduledTitle = uniqueName('A scheduled post');
    const scheduled = await create(scheduledTitle, {
      publishedAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    for (const slug of [draft.slug, scheduled.slug, 'no-such-post']) {
      const res = await page.goto(`/shop/blog/${slug}`);
      expect(res!.status(), slug).toBe(404);
      await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    }
    await page.goto('/shop/blog');
    await expect(page.getByRole('link', { name: /^A (draft|scheduled post)/ })).toHaveCount(0);

    await page.goto('/admin/bloglist');
    await page.getByLabel('Status').selectOption('scheduled');
    await expect(page.getByRole('cell', { name: 'Scheduled' }).first()).toBeVisible();
    // A scheduled post says when it goes out, to the minute.
    await expect(page.getByRole('row').filter({ hasText: scheduledTitle })).toContainText(/ \d{4}, \d\d:\d\d/);
    await expect(page.getByRole('cell', { name: 'Draft' })).toHaveCount(0);

    const title = uniqueName('A post that moves');
    const moving = await create(title);
    const res = await page.request.put(`/api/blog/update/${moving._id}`, {
      multipart: fields(title, { slug: `${moving.slug}-updated` }),
    });
    expect(res.status()).toBe(200);
    const visit = await page.goto(`/shop/blog/${moving.slug}`);
    expect(visit!.request().redirectedFrom()?.url()).toMatch(new RegExp(`/shop/blog/${moving.slug}$`));
    await expect(page).toHaveURL(new RegExp(`/shop/blog/${moving.slug}-updated$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    for (const id of [draft._id, scheduled._id, moving._id]) {
      expect((await page.request.delete(`/api/blog/delete/${id}`)).status()).toBe(200);
    }
  });

  test('a body full of XSS payloads runs no script, on the post page or in the editor preview', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signInAsAdmin(page);
    const res = await page.request.post('/api/blog/create', {
      multipart: {
        title: uniqueName('Payloads'),
        excerpt: 'Every usual trick, written into a post.',
        body: HOSTILE,
        status: 'published',
        publishedAt: '',
        alt: 'A cover picture',
        file: await png('cover.png', '#7c2d12'),
      },
    });
    expect(res.status()).toBe(201);
    const post = (await res.json()).data as { _id: string; slug: string };

    await page.goto(`/shop/blog/${post.slug}`, { waitUntil: 'networkidle' });
    const article = page.locator('.post-body');
    // Shown as the text it is (the typographer curls its quotes).
    await expect(article.getByText('<script>window.__xss = “script”</script>')).toBeVisible();
    expect(await article.locator('script, iframe, svg, img, [style], [onerror], [onload]').count()).toBe(0);
    expect(await article.locator('a[href^="javascript:" i], a[href^="data:" i]').count()).toBe(0);
    expect(await ranScript(page)).toBeUndefined();

    await page.goto(`/admin/updateblog/${post._id}`, { waitUntil: 'networkidle' });
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByText('<script>window.__xss = “script”</script>')).toBeVisible();
    expect(await preview.locator('script, iframe, svg, img, [style], [onerror], [onload]').count()).toBe(0);
    expect(await ranScript(page)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect((await page.request.delete(`/api/blog/delete/${post._id}`)).status()).toBe(200);
  });
});

test('the editor’s toolbar edits the text as typing does: a second press takes them off, and Ctrl+Z undoes them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(page);
  await page.goto('/admin/addblog');
  const editor = page.getByRole('textbox', { name: 'Body', exact: true });
  const select = (text: string) =>
    editor.evaluate((el: HTMLTextAreaElement, word) => {
      el.focus();
      el.setSelectionRange(el.value.indexOf(word), el.value.indexOf(word) + word.length);
    }, text);
  await editor.click();
  // Pasted, then pasted over: the text box's own history holds the draft that was replaced.
  await page.keyboard.insertText('An old draft');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('First paragraph of the post.');
  await select('paragraph');
  await page.getByRole('button', { name: 'Bold', exact: true }).click();
  await expect(editor).toHaveValue('First **paragraph** of the post.');
  await expect(page.getByRole('region', { name: 'Preview' }).locator('strong')).toHaveText('paragraph');
  // Bold again on the bold word: back to plain, with the word still selected.
  await page.getByRole('button', { name: 'Bold', exact: true }).click();
  await expect(editor).toHaveValue('First paragraph of the post.');
  expect(await editor.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd))).toBe(
    'paragraph',
  );
  await page.getByRole('button', { name: 'Heading', exact: true }).click();
  await expect(editor).toHaveValue('## First paragraph of the post.');
  // Undo takes the toolbar's edits back one by one, and never brings back the draft pasted over.
  await page.keyboard.press('ControlOrMeta+z');
  await expect(editor).toHaveValue('First paragraph of the post.');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(editor).toHaveValue('First **paragraph** of the post.');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(editor).toHaveValue('First paragraph of the post.');
  await expect(page.getByRole('region', { name: 'Preview' }).locator('strong')).toHaveCount(0);
});
