import type { AppDetailsResponse, ProductsResponse } from '@shop/shared';
import { expect, type Page } from '@playwright/test';

/** The shop's phone number as the first shop settings record has it, and the tel: link made from it. */
export async function shopPhone(page: Page): Promise<{ phoneno: string; tel: string }> {
  const body = (await (await page.request.get('/api/appdetail/getall')).json()) as AppDetailsResponse;
  const phoneno = body.fetchAppDetail[0]?.phoneno;
  expect(phoneno, 'the demo catalogue has shop settings').toBeTruthy();
  return { phoneno: phoneno!, tel: `tel:${phoneno!.replace(/[^\d+]/g, '')}` };
}

export async function products(page: Page, query = ''): Promise<ProductsResponse> {
  return (await (await page.request.get(`/api/product/getall${query}`)).json()) as ProductsResponse;
}

/** The page is no wider than the window. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}
