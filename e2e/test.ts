import { test as base, type Page } from '@playwright/test';

export { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Waits until a server-rendered page is live: every part of it hydrated (`<html data-app="live">`, set by
 * apps/web/src/islands.tsx), but for those hydrated when used.
 * Its code starts at the visitor's first touch (apps/web/public/boot.js), so this first moves the mouse over the page,
 * as a visitor's first touch would; a journey that clicked a button at once would otherwise test the tap that
 * boot.js repeats once the page is live rather than the page's code itself.
 */
export async function untilLive(page: Page): Promise<void> {
  if (!(await page.evaluate(() => document.getElementById('render-state') !== null))) return;
  // Two moves, so that the pointer moves whatever its position was.
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await page.waitForFunction(() => document.documentElement.dataset.app === 'live');
}

/** Playwright's `test`, whose `page.goto` and `page.reload` also wait, on a page the server rendered, until it is live. */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const live = async <T>(loaded: Promise<T>): Promise<T> => {
      const response = await loaded;
      if (javaScriptEnabled !== false) await untilLive(page);
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = (url, options) => live(goto(url, options));
    page.reload = (options) => live(reload(options));
    await use(page);
  },
});
