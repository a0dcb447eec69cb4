import { test as base } from '@playwright/test';

export { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Playwright's `test`, whose `page.goto` and `page.reload` also wait, on a page the server rendered, until the app
 * has taken it over (`<html data-app="live">`, set by apps/web/src/main.tsx). The app starts after the first paint,
 * so a journey that clicks a button at once would otherwise click server HTML that nothing listens to yet.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const untilLive = async <T>(loaded: Promise<T>): Promise<T> => {
      const response = await loaded;
      if (javaScriptEnabled !== false)
        await page.waitForFunction(
          () => document.documentElement.dataset.app === 'live' || !document.getElementById('render-state'),
        );
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = (url, options) => untilLive(goto(url, options));
    page.reload = (options) => untilLive(reload(options));
    await use(page);
  },
});
