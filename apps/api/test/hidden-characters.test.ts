import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@shop/shared';
import { createTestContext, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('admin');
});
afterAll(async () => {
  await t.close();
});

const HIDDEN = {
  nul: 'Cases\u0000',
  reversed: 'Cases \u202Egpj.exe',
  isolate: 'Cases \u2066x\u2069',
  bom: 'Ca\uFEFFses',
  bell: 'Ca\u0007ses',
  nonCharacter: 'Cases\uFFFE',
  // Looks like 'Cases' but is another name, which neither the check for a name taken nor a search finds.
  zeroWidthSpace: 'Ca\u200Bses',
  wordJoiner: 'Cases\u2060',
};

describe('text with hidden characters', () => {
  it('is refused in names with a clear message, on both databases, and nothing is stored', async () => {
    for (const [label, text] of Object.entries(HIDDEN)) {
      for (const [url, payload] of [
        ['/api/category/create', { category: text }],
        ['/api/repaircategory/create', { repaircategory: text }],
        ['/api/auth/register', { name: text, email: `${label}@example.com`, password: 'longenough' }],
      ] as const) {
        const res = await t.request({ method: 'POST', url, cookie: admin, payload });
        expect([label, url, res.statusCode, res.json().message]).toEqual([label, url, 400, messages.hiddenCharacters]);
      }
    }
    expect((await t.request({ method: 'GET', url: '/api/category/getall' })).json().fetchCategory).toEqual([]);
    expect(
      await t.db.db
        .selectFrom('users')
        .select('email')
        .where('email', 'like', '%@example.com')
        .where('role', '=', 'user')
        .execute(),
    ).toEqual([]);
  });

  it('keeps line breaks and tabs in multi-line text, and ordinary accents and symbols everywhere', async () => {
    const ok = await t.request({
      method: 'POST',
      url: '/api/category/create',
      cookie: admin,
      payload: { category: 'Étuis & Cases – £5 ✓' },
    });
    expect(ok.statusCode).toBe(201);
    const { productSchema } = await import('@shop/shared');
    const description = 'A phone case.\n\tFits the iPhone 13.\r\nDrop-tested to 2 metres.';
    const parsed = productSchema.shape.description.safeParse(description);
    expect(parsed.success).toBe(true);
    expect(productSchema.shape.description.safeParse(`${description}\u202E`).error?.issues[0]?.message).toBe(
      messages.hiddenCharacters,
    );
  });
});
