import type { OpeningHours } from '@shop/shared';
import { expect } from 'vitest';
import type { TestContext } from '../../../test/helpers.ts';
import { makeImage, multipart } from '../media/media.testkit.ts';

/** Test fixtures for enquiries: a shop with opening hours, a product and a repair price to ask about. */

/** Weekdays 9 to 5:30, Saturday 10 to 4, Sunday closed; shut on Christmas Day and Boxing Day 2025. */
export const TEST_HOURS: OpeningHours = {
  week: {
    mon: [{ open: '09:00', close: '17:30' }],
    tue: [{ open: '09:00', close: '17:30' }],
    wed: [{ open: '09:00', close: '17:30' }],
    thu: [{ open: '09:00', close: '17:30' }],
    fri: [{ open: '09:00', close: '17:30' }],
    sat: [{ open: '10:00', close: '16:00' }],
    sun: [],
  },
  closures: [{ from: '2025-12-25', to: '2025-12-26', label: 'Christmas' }],
};

export const SHOP_EMAIL = 'owner@highstreetphones.example';

export interface TestShop {
  productId: string;
  repairId: string;
}

/** Shop settings (with the hours, unless `hours` is null), a product 'Pixel 9' and a repair price 'IPhone 13' Screen. */
export async function setUpShop(t: TestContext, admin: string, hours: OpeningHours | null = TEST_HOURS): Promise<TestShop> {
  const logo = await makeImage('png', 64, 64);
  const post = async (url: string, fields: Record<string, string | string[]>, files?: Buffer[]) => {
    const body = files
      ? multipart(
          fields,
          files.map((content) => ({ content })),
        )
      : { payload: fields };
    const res = await t.request({ method: 'POST', url, cookie: admin, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id as string;
  };
  await post(
    '/api/appdetail/create',
    {
      shopname: 'High Street Phones',
      email: SHOP_EMAIL,
      phoneno: '07700 900123',
      address: '1 Market Place, Reading RG1 2AA',
      whatsapp: '07700 900456',
      ...(hours ? { hours: JSON.stringify(hours) } : {}),
    },
    [logo],
  );
  const model = await post('/api/model/create', { model: 'Google' }, [logo]);
  const screen = await post('/api/repaircategory/create', { repaircategory: 'Screen' });
  const photo = await makeImage('jpeg', 200, 200);
  const productId = await post(
    '/api/product/create',
    {
      productname: 'Pixel 9',
      price: '799',
      stockquantity: '3',
      description: 'A bright screen, a great camera and seven years of updates from Google.',
      model,
      availability: 'In Stock',
      color: 'Obsidian',
      ram: ['12GB'],
      rom: ['128GB'],
    },
    [photo, logo],
  );
  const repairId = await post('/api/phonerepair/create', { productname: 'Pixel 8', model, repair: screen, price: '129' });
  return { productId, repairId };
}

/** A valid enquiry, with `over` changed. */
export const enquiry = (over: Record<string, unknown> = {}) => ({
  kind: 'enquiry',
  name: 'Jane Smith',
  phone: '07700 900789',
  email: 'Jane@Example.com',
  message: 'Do you have the Pixel 9 in stock in Obsidian?',
  consent: true,
  ...over,
});
