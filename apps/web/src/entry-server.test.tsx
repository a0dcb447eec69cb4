// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from './entry-server.tsx';
import { model, product } from './features/shop/fixtures.ts';

type Answer = { status?: number; body: unknown } | undefined;

/** A transport answering the app's calls from `answer`, recording each call; unanswered calls get a 404 envelope. */
function transportFor(answer: (path: string, init: RequestInit) => Answer) {
  const calls: string[] = [];
  const transport = async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api/, '');
    calls.push(`${init.method ?? 'GET'} ${path}`);
    const a = answer(path, init) ?? { status: 404, body: { success: false, message: 'Not found' } };
    return new Response(JSON.stringify(a.body), { status: a.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  return { transport, calls };
}

const frame = (path: string): Answer => {
  if (path === '/model/getall') return { body: { success: true, fetchModel: [model('m1', 'Apple'), model('m2', 'Nokia')] } };
  if (path === '/category/getall') return { body: { success: true, fetchCategory: [] } };
  if (path === '/appdetail/getall') return { body: { success: true, fetchAppDetail: [] } };
  return undefined;
};

/** The props of the first island `part` in `html`, as the browser reads them from its attribute. */
function propsOf(html: string, part: string) {
  const found = new RegExp(`<div data-island="${part}" data-props="([^"]*)" class="contents">`).exec(html);
  expect(found, `the ${part} island`).not.toBeNull();
  const attribute = found![1]!.replace(
    /&(quot|lt|gt|#x27|amp);/g,
    (_, e: string) => ({ quot: '"', lt: '<', gt: '>', '#x27': "'", amp: '&' })[e]!,
  );
  return JSON.parse(attribute);
}

/** A page the renderer drew (not a redirect), or null. */
function drawn(page: Awaited<ReturnType<typeof render>>) {
  expect(page === null || 'html' in page, 'a drawn page').toBe(true);
  return page as Extract<typeof page, { html: string }> | null;
}

const stateOf = (script: string) => JSON.parse(script.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''));
const untilOf = (script: string) => Number(/^<script[^>]* data-until="(\d+)">/.exec(script)?.[1]);

describe('server rendering', () => {
  it('renders a product page with its data, as a signed-out visitor, and hands its parts their props', async () => {
    const { transport, calls } = transportFor((path) =>
      path === '/product/getbyid/p1' ? { body: { success: true, fetchProduct: product() } } : frame(path),
    );
    const page = drawn(await render('/shop/productpage/p1', { transport, mobile: false }));
    expect(page).not.toBeNull();
    expect(page!.html).toContain('Apple iPhone 15</h1>');
    expect(page!.html).toContain('£699');
    expect(page!.html).toContain('Sign In | Sign Up');
    // A shop with no hours set shows nothing by the clock: nothing starts the page's app at a change.
    expect(page!.state).not.toContain('data-until');
    expect(page!.until).toBeUndefined();
    expect(calls).not.toContain('GET /auth/check');
    expect(propsOf(page!.html, 'gallery')).toEqual({ images: product().images, name: 'Apple iPhone 15' });
    expect(propsOf(page!.html, 'send-enquiry')).toEqual({
      subject: { kind: 'enquiry', productId: product()._id, product: 'Apple iPhone 15' },
    });
  });

  it('renders a page sent as islands with each part and its props marked, and hands over the shop, not the data', async () => {
    const { transport } = transportFor((path) =>
      path === '/enquiry/retention' ? { body: { success: true, retentionDays: 365 } } : frame(path),
    );
    const page = drawn(await render('/privacy', { transport, mobile: true }));
    expect(page!.html).toContain('one year (365 days)');
    expect(page!.html).toMatch(/<header[^>]*>.*<div data-island="header" data-props="[^"]*" class="contents">/s);
    expect(propsOf(page!.html, 'header').menu.find((item: { label: string }) => item.label === 'Phone Repair').children).toEqual([
      { id: 'm1', label: 'Apple' },
      { id: 'm2', label: 'Nokia' },
    ]);
    // The page's data is in its HTML and its parts' props: only the shop's identity comes beside them.
    expect(stateOf(page!.state)).toEqual({ shop: expect.objectContaining({ shopname: 'Mobile Shop UK', isFallback: true }) });
  });

  it('renders the same data to the same bytes, so a page keeps one ETag', async () => {
    const answer = (path: string) =>
      path === '/product/getbyid/p1' ? { body: { success: true, fetchProduct: product() } } : frame(path);
    const first = drawn(await render('/shop/productpage/p1', { ...transportFor(answer), mobile: false }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = drawn(await render('/shop/productpage/p1', { ...transportFor(answer), mobile: false }));
    expect(second).toEqual(first);
  });

  it("renders the open status for the start of the shop's status, keeping a page's bytes until the status changes", async () => {
    const hours = {
      week: { mon: [{ open: '09:00', close: '17:30' }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
      closures: [{ from: '2025-06-09', to: '2025-06-09', label: 'Stocktake' }],
    };
    const shop = {
      _id: 's1',
      shopname: 'Kingsway Mobiles',
      phoneno: '020 7946 0000',
      email: 'a@b.uk',
      address: '1 High St',
      hours,
    };
    const answer = (path: string) =>
      path === '/appdetail/getall' ? { body: { success: true, fetchAppDetail: [shop] } } : frame(path);
    // Monday 2 June 2025 in the UK (BST): open from 09:00 (08:00 UTC) to 17:30 (16:30 UTC).
    const at = async (iso: string) =>
      drawn(await render('/contact', { ...transportFor(answer), mobile: true, now: Date.parse(iso) }))!;
    const text = (html: string) => html.replace(/<!-- -->/g, '');
    const morning = await at('2025-06-02T08:05:00Z');
    expect(morning.html).toContain('Open now · closes 17:30');
    expect(text(morning.html)).toContain('<li>Stocktake: Mon 9 Jun 2025</li>');
    expect(stateOf(morning.state).at).toBe(Date.parse('2025-06-02T08:00:00Z'));
    // The instant it changes, at which the browser starts the app of a page left open.
    expect(untilOf(morning.state)).toBe(Date.parse('2025-06-02T16:30:00Z'));
    // The server keeps the page no longer than that (apps/api/src/plugins/web.ts).
    expect(morning.until).toBe(Date.parse('2025-06-02T16:30:00Z'));
    expect(await at('2025-06-02T16:29:59Z')).toEqual(morning);
    const evening = await at('2025-06-02T16:30:00Z');
    // Shut on Monday 9 June: the Monday after.
    expect(evening.html).toContain('Closed now · opens Mon 16 Jun 09:00');
    expect(stateOf(evening.state).at).toBe(Date.parse('2025-06-02T16:30:00Z'));
    expect(untilOf(evening.state)).toBe(Date.parse('2025-06-02T23:00:00Z'));
  });

  it('follows data that waits on other data: the listing asks for its page once the brands are known, at the phone page size', async () => {
    const { transport, calls } = transportFor((path) =>
      path.startsWith('/product/getall')
        ? { body: { success: true, fetchProducts: [product()], page: 1, limit: 5, total: 1, pages: 1 } }
        : frame(path),
    );
    const page = drawn(await render('/shop/product?category=Smart%20phones&filter=Apple', { transport, mobile: true }));
    expect(page!.html).toContain('Apple iPhone 15');
    const listing = calls.findIndex((c) => c.startsWith('GET /product/getall'));
    expect(calls[listing]).toContain('limit=5');
    expect(calls[listing]).toContain('model=Apple');
    expect(calls.indexOf('GET /model/getall')).toBeLessThan(listing);
    // The listing's part is drawn at that size, and knows it.
    expect(propsOf(page!.html, 'listing-results')).toMatchObject({ limit: 5, total: 1, pages: 1 });
    expect(page!.html).toMatch(/aria-pressed="true"[^>]*>.*?Grid view/s);
    // In the view the device chose.
    const list = drawn(await render('/shop/product', { transport, mobile: true, list: true }));
    expect(list!.html).toMatch(/aria-pressed="false"[^>]*>(?:(?!<\/button>).)*Grid view/s);
    expect(list!.html).toMatch(/aria-pressed="true"[^>]*>(?:(?!<\/button>).)*List view/s);
  });

  it('redirects a listing page past the last to the last, keeping the listing, before anything is drawn', async () => {
    const { transport } = transportFor((path) =>
      path.startsWith('/product/getall')
        ? { body: { success: true, fetchProducts: [], page: 9, limit: 10, total: 17, pages: 2 } }
        : frame(path),
    );
    expect(
      await render('/shop/product?category=Smart%20phones&filter=Apple&sort=price_asc&page=9', { transport, mobile: false }),
    ).toEqual({
      redirect: '/shop/product?category=Smart+phones&filter=Apple&sort=price_asc&page=2',
    });
  });

  it("escapes shop data in the HTML, in the parts' props and in the handed-over shop", async () => {
    const name = '</script><script>alert(1)</script>';
    const { transport } = transportFor((path) => {
      if (path === '/product/getbyid/p1') return { body: { success: true, fetchProduct: product({ productname: name }) } };
      if (path === '/appdetail/getall')
        return {
          body: {
            success: true,
            fetchAppDetail: [{ shopname: name, phoneno: '0118 496 0000', email: 'shop@example.com', address: '1 High Street' }],
          },
        };
      return frame(path);
    });
    const page = drawn(await render('/shop/productpage/p1', { transport, mobile: false }));
    expect(page!.html).not.toContain('<script>alert(1)');
    expect(page!.html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    expect(propsOf(page!.html, 'gallery').name).toBe(name);
    expect(page!.state.match(/<\/script>/g)).toHaveLength(1);
    expect(stateOf(page!.state).shop.shopname).toBe(name);
  });

  it('declines a page whose data failed, for the browser to draw as it would without server rendering', async () => {
    const { transport } = transportFor((path) =>
      path === '/product/getbyid/p1' ? { status: 500, body: { success: false, message: 'Internal Server Error' } } : frame(path),
    );
    expect(await render('/shop/productpage/p1', { transport, mobile: false })).toBeNull();
  });
});
