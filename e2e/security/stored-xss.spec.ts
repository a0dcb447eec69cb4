import { expect, test, type APIRequestContext, type Page } from '../test.ts';
import sharp from 'sharp';
import { ADMIN, uniqueEmail } from '../helpers.ts';

/**
 * Stored XSS: script and HTML payloads saved in every free-text field must render as text on every page
 * that shows them, and no script may run.
 */
const tag = Math.random().toString(36).slice(2, 7);
const payload = (label: string) => `<img src=x onerror=window.__xss=1>${label}${tag}<script>window.__xss=1</script>`;
const short = (label: string) => `<b onmouseover=window.__xss=1>${label}${tag}</b>`;

const P = {
  productname: payload('Product'),
  description: `${payload('Description')} — a long enough description for the product form.`,
  color: payload('Colour'),
  warranty: payload('Warranty'),
  shopname: payload('Shop'),
  address: payload('Address'),
  model: short('Brand'),
  category: short('Cat'),
  repaircategory: short('Fix'),
  username: payload('User'),
  repairname: payload('Repair'),
  posttitle: payload('Post'),
  excerpt: payload('Excerpt'),
  alt: payload('Alt'),
  body: `${payload('Body')}\n\n[link](javascript:window.__xss=1) ![pic](https://example.com/x.png)`,
};

async function json(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<any> {
  const body = await res.json();
  expect(res.ok(), JSON.stringify(body)).toBe(true);
  return body;
}

async function expectSafe(page: Page, url: string, shows: string[]) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(url);
  for (const text of shows)
    await expect(page.getByText(text).filter({ visible: true }).first(), `${url} shows ${text}`).toBeVisible();
  const injected = await page.evaluate(() => ({
    ran: Boolean((window as unknown as { __xss?: number }).__xss),
    img: document.querySelectorAll('img[src="x"]').length,
    handlers: document.querySelectorAll('[onerror], [onmouseover]').length,
    // Data scripts (JSON-LD, the server-rendered page's data) hold the payloads as data and never run; a payload
    // that broke out of one would make a script element of its own.
    inlineScripts: [...document.querySelectorAll('script')].filter(
      (s) => s.textContent?.includes('__xss') && s.type !== 'application/ld+json' && s.type !== 'application/json',
    ).length,
  }));
  expect(injected, url).toEqual({ ran: false, img: 0, handlers: 0, inlineScripts: 0 });
  expect(dialogs, url).toEqual([]);
}

test('script and HTML saved in every free-text field render as text and never run', async ({ page }) => {
  test.setTimeout(90_000);
  const api = page.request;
  await json(await api.post('/api/auth/login', { data: ADMIN }));
  const logo = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#7c3aed' } })
    .png()
    .toBuffer();
  const file = { name: 'logo.png', mimeType: 'image/png', buffer: logo };
  /** A form with two pictures under `file`, as the product form sends them. */
  const productForm = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const name of ['one.png', 'two.png']) form.append('file', new Blob([new Uint8Array(logo)], { type: 'image/png' }), name);
    return form;
  };

  const model = (await json(await api.post('/api/model/create', { multipart: { model: P.model, file } }))).data;
  const category = (await json(await api.post('/api/category/create', { data: { category: P.category } }))).data;
  const repairCategory = (
    await json(await api.post('/api/repaircategory/create', { data: { repaircategory: P.repaircategory } }))
  ).data;
  const accessories = ((await json(await api.get('/api/model/getall'))).fetchModel as { _id: string; model: string }[]).find(
    (m) => m.model === 'Accessories',
  )!;
  const product = (
    await json(
      await api.post('/api/product/create', {
        multipart: productForm({
          productname: P.productname,
          price: '25',
          stockquantity: '3',
          description: P.description,
          model: model._id,
          availability: 'In Stock',
          warranty: P.warranty,
          color: P.color,
          ram: '8GB',
          rom: '128GB',
        }),
      }),
    )
  ).data;
  const accessory = (
    await json(
      await api.post('/api/product/create', {
        multipart: productForm({
          productname: `Case ${tag}`,
          price: '9',
          stockquantity: '5',
          description: 'A protective case that shows the category payload in the shop.',
          model: accessories._id,
          category: category._id,
          availability: 'In Stock',
          color: 'Clear',
        }),
      }),
    )
  ).data;
  const repair = (
    await json(
      await api.post('/api/phonerepair/create', {
        data: { productname: P.repairname, model: model._id, repair: repairCategory._id, price: 49 },
      }),
    )
  ).data;
  const shop = ((await json(await api.get('/api/appdetail/getall'))).fetchAppDetail as Record<string, string>[])[0]!;
  await json(
    await api.put(`/api/appdetail/update/${shop._id}`, {
      multipart: { shopname: P.shopname, email: shop.email!, phoneno: shop.phoneno!, address: P.address },
    }),
  );
  const post = (
    await json(
      await api.post('/api/blog/create', {
        multipart: {
          title: P.posttitle,
          excerpt: P.excerpt,
          body: P.body,
          status: 'published',
          publishedAt: '',
          alt: P.alt,
          file,
        },
      }),
    )
  ).data;
  const customer = uniqueEmail();
  await json(
    await api.post('/api/auth/register', { data: { name: P.username, email: customer, password: 'customer-password' } }),
  );

  try {
    await expectSafe(page, '/shop/home', [P.shopname]);
    await expectSafe(page, `/shop/productpage/${product._id}`, [P.productname, P.warranty]);
    await expectSafe(page, `/shop/product?category=Smart%20phones&filter=${encodeURIComponent(P.model)}`, [P.productname]);
    await expectSafe(page, '/shop/phonerepair', [P.model]);
    await expectSafe(page, `/shop/phonerepairdetail/${model._id}`, [P.repairname]);
    await expectSafe(page, '/admin/productlist', [P.productname]);
    await expectSafe(page, `/admin/updateproduct/${product._id}`, []);
    await expectSafe(page, '/admin/phonerepairlist', [P.repairname]);
    await expectSafe(page, '/admin/userdetail', [P.username]);
    await expectSafe(page, '/admin/addmodel', [P.model]);
    await expectSafe(page, '/admin/acccategory', [P.category]);
    await expectSafe(page, '/admin/repaircategory', [P.repaircategory]);
    await expectSafe(page, '/admin/appdetail', [P.shopname, P.address]);
    await expectSafe(page, '/shop/blog', [P.posttitle, P.excerpt]);
    await expectSafe(page, `/shop/blog/${post.slug}`, [P.posttitle, payload('Body')]);
    await expectSafe(page, '/admin/bloglist', [P.posttitle]);
    await expectSafe(page, `/admin/updateblog/${post._id}`, [payload('Body')]);
    // The history shows every record's name as it was changed, and the dashboard the things to fix.
    await expectSafe(page, '/admin/activity', [P.productname, P.posttitle]);
    await expectSafe(page, '/admin/dashboard', []);
    expect(accessory._id).toBeTruthy();
  } finally {
    // Every text setting as it was, the optional ones too (left out, they would be emptied for the journeys after).
    const { shopname, email, phoneno, address, facebook, instagram, x, whatsapp } = shop;
    const settings = { shopname, email, phoneno, address, facebook, instagram, x, whatsapp };
    await api.put(`/api/appdetail/update/${shop._id}`, {
      multipart: Object.fromEntries(Object.entries(settings).map(([field, value]) => [field, value ?? ''])),
    });
    await api.delete(`/api/blog/delete/${post._id}`);
    await api.delete(`/api/phonerepair/delete/${repair._id}`);
    await api.delete(`/api/product/delete/${product._id}`);
    await api.delete(`/api/product/delete/${accessory._id}`);
    await api.delete(`/api/model/delete/${model._id}`);
    await api.delete(`/api/category/delete/${category._id}`);
    await api.delete(`/api/repaircategory/delete/${repairCategory._id}`);
  }
});
