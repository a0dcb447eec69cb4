import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LISTING_DESCRIPTION } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { send } from '../../../test/raw-http.ts';
import { makeImage, multipart } from '../media/media.testkit.ts';
import { importProductsCsv, PRODUCT_CSV_HEADER } from '../products/products.testkit.ts';
import { openingHoursLd, postalAddressLd, SITEMAP_MAX_URLS, sitemapFiles } from './seo.service.ts';

const PUBLIC_URL = 'https://www.highstreetphones.co.uk';
const XSS = '</script><script>alert(1)</script>';

let t: TestContext;
let dist: string;
let admin: string;
const ids: Record<string, string> = {};

const html = (url: string) => t.request({ method: 'GET', url });
const attr = (body: string, selector: RegExp) => selector.exec(body)?.[1];
const jsonLd = (body: string) =>
  [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, any>,
  );
const byType = (body: string, type: string) => jsonLd(body).find((d) => d['@type'] === type);

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-seo-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en-GB"><head><meta charset="UTF-8" /><title>Mobile Shop UK</title>\n<meta name="description" content="static" />\n</head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>',
  );
  t = await createTestContext({ WEB_DIST: dist, PUBLIC_URL });
  admin = await t.signIn('admin');
  const logo = await makeImage('png', 300, 300, '#0b74c7');
  const post = async (url: string, fields: Record<string, string | number | string[]>, files?: Buffer[]) => {
    const body = files
      ? multipart(
          fields,
          files.map((content) => ({ content })),
        )
      : { payload: fields };
    const res = await t.request({ method: 'POST', url, cookie: admin, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string };
  };
  await post(
    '/api/appdetail/create',
    {
      shopname: 'High Street Phones',
      email: 'hello@highstreetphones.co.uk',
      phoneno: '07700 900123',
      address: '1 Market Place, Reading RG1 2AA',
      facebook: 'https://facebook.com/highstreetphones',
      instagram: '',
      x: 'https://x.com/highstreetphones',
      hours: JSON.stringify({
        week: {
          mon: [{ open: '09:00', close: '17:30' }],
          tue: [{ open: '09:00', close: '17:30' }],
          wed: [],
          thu: [
            { open: '09:00', close: '13:00' },
            { open: '14:00', close: '19:00' },
          ],
          fri: [{ open: '09:00', close: '17:30' }],
          sat: [{ open: '10:00', close: '16:00' }],
          sun: [],
        },
        closures: [{ from: '2025-12-25', to: '2025-12-26', label: 'Christmas' }],
      }),
    },
    [logo],
  );
  ids.apple = (await post('/api/model/create', { model: 'Apple' }, [logo]))._id;
  ids.nokia = (await post('/api/model/create', { model: 'Nokia' }, [logo]))._id;
  ids.screen = (await post('/api/repaircategory/create', { repaircategory: 'Screen' }))._id;
  const photo = await makeImage('jpeg', 1200, 900, '#333333');
  const product = (productname: string, extra: Record<string, string> = {}) =>
    post(
      '/api/product/create',
      {
        productname,
        price: '899.5',
        stockquantity: '4',
        description: 'A superb phone with a bright screen, a great camera and all-day battery life.',
        model: ids.apple!,
        availability: 'In Stock',
        color: 'Midnight, Starlight',
        ram: ['6GB'],
        rom: ['128GB'],
        ...extra,
      },
      [photo, logo],
    );
  ids.iphone = (await product('IPhone 15'))._id;
  ids.xss = (await product(XSS, { availability: 'Out of Stock' }))._id;
  await post('/api/phonerepair/create', { productname: 'IPhone 13', model: ids.apple!, repair: ids.screen!, price: '129' });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('server-rendered head', () => {
  it('gives a product page its name, price, shop name, canonical, share tags and Product JSON-LD', async () => {
    const res = await html(`/shop/productpage/${ids.iphone}`);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain('<title>IPhone 15 – £899.50 | High Street Phones</title>');
    expect(body.match(/<title>/g)).toHaveLength(1);
    expect(body).not.toContain('content="static"');
    const canonical = `${PUBLIC_URL}/shop/productpage/${ids.iphone}`;
    expect(attr(body, /<link rel="canonical" href="([^"]+)"/)).toBe(canonical);
    expect(attr(body, /<meta property="og:type" content="([^"]+)"/)).toBe('product');
    expect(attr(body, /<meta property="og:title" content="([^"]+)"/)).toBe('IPhone 15 – £899.50 | High Street Phones');
    expect(attr(body, /<meta name="description" content="([^"]+)"/)).toMatch(/^IPhone 15 for £899.50 at High Street Phones\./);
    const image = attr(body, /<meta property="og:image" content="([^"]+)"/)!;
    expect(image).toMatch(new RegExp(`^${PUBLIC_URL}/media/[0-9a-f]+\\.webp$`));
    expect(attr(body, /<meta name="twitter:card" content="([^"]+)"/)).toBe('summary_large_image');

    const product = byType(body, 'Product')!;
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      name: 'IPhone 15',
      description: 'A superb phone with a bright screen, a great camera and all-day battery life.',
      brand: { '@type': 'Brand', name: 'Apple' },
      color: 'Midnight, Starlight',
      offers: {
        '@type': 'Offer',
        price: '899.50',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        url: canonical,
      },
    });
    expect(product.image).toHaveLength(2);
    expect(product.image[0]).toBe(image);
    // As the page's own breadcrumb: the product's brand listing between home and the product.
    expect(byType(body, 'BreadcrumbList')!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/shop/home` },
      { '@type': 'ListItem', position: 2, name: 'Apple', item: `${PUBLIC_URL}/shop/product?category=Smart+phones&filter=Apple` },
      { '@type': 'ListItem', position: 3, name: 'IPhone 15', item: canonical },
    ]);
  });

  it('names an accessory by its category, with no brand, and lists no images for a product without any', async () => {
    // The shop's Accessories model is there from the start.
    const cases = await t.request({
      method: 'POST',
      url: '/api/category/create',
      cookie: admin,
      payload: { category: 'Phone Cases' },
    });
    const imported = await importProductsCsv(
      t,
      admin,
      `${PRODUCT_CSV_HEADER}\r\nClear Case,12,5,Accessories,Phone Cases,,,In Stock,,,Clear,A slim clear case that shows off the phone.`,
    );
    expect(imported.json(), imported.body).toMatchObject({ success: true, created: 1 });
    const list = await t.request({ method: 'GET', url: '/api/product/getall?q=clear&limit=1' });
    const id = list.json().fetchProducts[0]._id as string;
    const body = (await html(`/shop/productpage/${id}`)).body;
    const product = byType(body, 'Product')!;
    expect(product).toMatchObject({ name: 'Clear Case', offers: { price: '12.00', priceCurrency: 'GBP' } });
    expect(product).not.toHaveProperty('brand');
    expect(product).not.toHaveProperty('image');
    expect(byType(body, 'BreadcrumbList')!.itemListElement[1]).toMatchObject({
      name: 'Phone Cases',
      item: `${PUBLIC_URL}/shop/product?category=Accessories&filter=Phone+Cases`,
    });
    // Its category archived, it stays in the shop among every accessory, where its crumb then leads.
    const archive = await t.request({ method: 'DELETE', url: `/api/category/delete/${cases.json().data._id}`, cookie: admin });
    expect(archive.statusCode).toBe(200);
    expect(byType((await html(`/shop/productpage/${id}`)).body, 'BreadcrumbList')!.itemListElement[1]).toMatchObject({
      name: 'Accessories',
      item: `${PUBLIC_URL}/shop/product?category=Accessories`,
    });
    await t.request({ method: 'DELETE', url: `/api/product/delete/${id}`, cookie: admin });
  });

  it('describes the shop on every page as a MobilePhoneStore', async () => {
    for (const url of [
      '/shop/home',
      '/shop/product',
      `/shop/productpage/${ids.iphone}`,
      '/shop/phonerepair',
      `/shop/phonerepairdetail/${ids.apple}`,
      '/shop/blog',
    ]) {
      const store = byType((await html(url)).body, 'MobilePhoneStore');
      expect(store, url).toMatchObject({
        name: 'High Street Phones',
        telephone: '07700 900123',
        email: 'hello@highstreetphones.co.uk',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '1 Market Place',
          addressLocality: 'Reading',
          postalCode: 'RG1 2AA',
          addressCountry: 'GB',
        },
        sameAs: ['https://facebook.com/highstreetphones', 'https://x.com/highstreetphones'],
      });
      expect(store!.logo).toMatch(new RegExp(`^${PUBLIC_URL}/media/`));
      expect(byType((await html(url)).body, 'BreadcrumbList'), url).toBeDefined();
    }
  });

  it("gives the shop's street, town and postcode apart when its address ends with a postcode, else the whole line", () => {
    const apart = (streetAddress: string | undefined, addressLocality: string | undefined, postalCode: string | undefined) => ({
      '@type': 'PostalAddress',
      addressCountry: 'GB',
      ...(streetAddress ? { streetAddress } : {}),
      ...(addressLocality ? { addressLocality } : {}),
      ...(postalCode ? { postalCode } : {}),
    });
    for (const [address, expected] of [
      ['27 Broad Street, Reading RG1 2BH', apart('27 Broad Street', 'Reading', 'RG1 2BH')],
      ['Unit 4, The Arcade, Swansea, sa15ld, United Kingdom', apart('Unit 4, The Arcade', 'Swansea', 'SA1 5LD')],
      ['Flat 2\n10 King Street\nLeeds\nLS1 2HL', apart('Flat 2, 10 King Street', 'Leeds', 'LS1 2HL')],
      ['1 High Street London SW1A 1AA', apart('1 High Street London', undefined, 'SW1A 1AA')],
      ['14 Castle Street, Cardiff', apart('14 Castle Street, Cardiff', undefined, undefined)],
      ['Stall 3, Kirkgate Market, UK', apart('Stall 3, Kirkgate Market, UK', undefined, undefined)],
    ] as const) {
      expect(postalAddressLd(address), address).toEqual(expected);
    }
  });

  it("gives the shop's opening hours, and its closures as special opening hours", async () => {
    const store = byType((await html('/shop/home')).body, 'MobilePhoneStore')!;
    expect(store.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Friday'], opens: '09:00', closes: '17:30' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Thursday'], opens: '09:00', closes: '13:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Thursday'], opens: '14:00', closes: '19:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '10:00', closes: '16:00' },
    ]);
    expect(store.specialOpeningHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        name: 'Christmas',
        validFrom: '2025-12-25',
        validThrough: '2025-12-26',
        opens: '00:00',
        closes: '00:00',
      },
    ]);
  });

  it('closes a day that closes at midnight at 23:59, since opening and closing at 00:00 reads as closed', () => {
    const allDay = [{ open: '00:00', close: '00:00' }];
    const week = { mon: [], tue: [], wed: [], thu: [], fri: [{ open: '18:00', close: '00:00' }], sat: allDay, sun: [] };
    expect(openingHoursLd({ week, closures: [] })).toEqual({
      openingHoursSpecification: [
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Friday'], opens: '18:00', closes: '23:59' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '00:00', closes: '23:59' },
      ],
    });
  });

  it('gives the contact and privacy pages their own titles, canonical links and breadcrumbs', async () => {
    const contact = (await html('/contact')).body;
    expect(contact).toContain('<title>Contact us | High Street Phones</title>');
    expect(attr(contact, /<meta name="description" content="([^"]+)"/)).toContain('1 Market Place, Reading RG1 2AA');
    expect(attr(contact, /<link rel="canonical" href="([^"]+)"/)).toBe(`${PUBLIC_URL}/contact`);
    expect(byType(contact, 'BreadcrumbList')!.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      'Home',
      'Contact us',
    ]);
    const privacy = await html('/privacy');
    expect(privacy.statusCode).toBe(200);
    expect(privacy.body).toContain('<title>Privacy notice | High Street Phones</title>');
    expect(attr(privacy.body, /<link rel="canonical" href="([^"]+)"/)).toBe(`${PUBLIC_URL}/privacy`);
  });

  it('gives the listing the spec title, description, keywords and a canonical with its filters', async () => {
    const body = (await html('/shop/product?category=Smart%20phones&filter=Apple&page=2')).body;
    expect(body).toContain('<title>Mobile Shop UK | Buy Smartphones &amp; Accessories</title>');
    expect(attr(body, /<meta name="keywords" content="([^"]+)"/)).toContain('smartphones');
    // The title is the spec's for every listing; the description names what the listing shows.
    const description = async (url: string) => attr((await html(url)).body, /<meta name="description" content="([^"]+)"/);
    expect(attr(body, /<meta name="description" content="([^"]+)"/)).toBe(
      'Apple phones at High Street Phones, your local UK phone shop: see the prices and what is in stock, then call us to buy.',
    );
    expect(await description('/shop/product?category=Accessories')).toMatch(/^Phone accessories at High Street Phones, /);
    expect(await description('/shop/product?category=Smart+phones')).toMatch(/^Smartphones at High Street Phones, /);
    for (const url of ['/shop/product', '/shop/product?category=Smart+phones&filter=Nokiaaa']) {
      expect(await description(url), url).toBe(LISTING_DESCRIPTION.replace(/&/g, '&amp;'));
    }
    expect(attr(body, /<link rel="canonical" href="([^"]+)"/)).toBe(
      `${PUBLIC_URL}/shop/product?category=Smart+phones&amp;filter=Apple`,
    );
    expect(attr(body, /<meta property="og:image" content="([^"]+)"/)).toMatch(new RegExp(`^${PUBLIC_URL}/media/`));
    expect(body).not.toContain('noindex');

    // Every spelling of a listing names the one address the shop's links use; a filter naming nothing is not indexed.
    const canonicalOf = async (url: string) => {
      const page = (await html(url)).body;
      return [attr(page, /<link rel="canonical" href="([^"]+)"/)?.replace(PUBLIC_URL, ''), page.includes('content="noindex')];
    };
    expect(await canonicalOf('/shop/product?category=smartphones&filter=APPLE')).toEqual([
      '/shop/product?category=Smart+phones&amp;filter=Apple',
      false,
    ]);
    expect(await canonicalOf('/shop/product?filter=apple')).toEqual([
      '/shop/product?category=Smart+phones&amp;filter=Apple',
      false,
    ]);
    expect(await canonicalOf('/shop/product?category=SMART-PHONES')).toEqual(['/shop/product?category=Smart+phones', false]);
    expect(await canonicalOf('/shop/product?category=bogus')).toEqual(['/shop/product', false]);
    expect(await canonicalOf('/shop/product?category=Smart%20phones&filter=Bogus')).toEqual([
      '/shop/product?category=Smart+phones',
      true,
    ]);
  });

  it('titles a repair table page "{Brand} phone repair prices" with its repairs as GBP offers', async () => {
    const body = (await html(`/shop/phonerepairdetail/${ids.apple}`)).body;
    expect(body).toContain('<title>Apple phone repair prices | High Street Phones</title>');
    const service = byType(body, 'Service')!;
    expect(service.hasOfferCatalog.itemListElement).toEqual([
      {
        '@type': 'Offer',
        price: '129.00',
        priceCurrency: 'GBP',
        itemOffered: { '@type': 'Service', name: 'IPhone 13 Screen Repair' },
      },
    ]);
  });

  it('answers 404 for unknown paths and missing records while still sending the app', async () => {
    for (const url of [
      '/no/such/page',
      '/shop/productpage/AAAAAAAAAAAAAAAA',
      '/shop/productpage/not%20an%20id',
      '/shop/phonerepairdetail/AAAAAAAAAAAAAAAA',
    ]) {
      const res = await html(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
  });

  it('sends an address written with a trailing slash to the one without, with its query, and never to another site', async () => {
    for (const [url, location] of [
      ['/shop/home/', '/shop/home'],
      ['/contact//?utm_source=mail', '/contact?utm_source=mail'],
      ['/shop/productpage/AAAAAAAAAAAAAAAA/', '/shop/productpage/AAAAAAAAAAAAAAAA'],
      ['/%5Cevil.example/', '/%5Cevil.example'],
    ] as const) {
      const res = await html(url);
      expect([res.statusCode, res.headers.location], url).toEqual([301, location]);
    }
    // Read by a URL parser as another host's address, with its own path: no page of the shop, and no redirect there.
    // Over a real socket, as a client sends them (inject would read them as a URL first).
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    for (const url of ['//evil.example/shop/home', '//evil.example/', '/\\evil.example/', '/.//evil.example/']) {
      const answer = await send(port, [`GET ${url} HTTP/1.1\r\nhost: shop\r\nconnection: close\r\n\r\n`]);
      expect(answer.split('\r\n')[0], url).toBe('HTTP/1.1 404 Not Found');
      expect(answer.toLowerCase(), url).not.toContain('location:');
    }
  });

  it("answers a page's address that does not decode with the not-found page, and an API address with a refusal", async () => {
    for (const url of ['/%E0%A4%A', '/shop/home%', '/shop/productpage/%zz', '/blog/%E0%A4%A']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.request({ method, url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
        expect(res.headers['x-request-id'], url).toBeTruthy();
        if (method === 'GET') expect(res.body, url).toContain('<meta name="robots" content="noindex, nofollow" />');
      }
    }
    for (const request of [
      { method: 'GET', url: '/api/product/getbyid/%zz' },
      { method: 'GET', url: '/media/%zz' },
      { method: 'POST', url: '/shop/home%' },
    ] as const) {
      const res = await t.request(request);
      expect([res.statusCode, res.json()], request.url).toEqual([400, { success: false, message: 'The address is not valid' }]);
    }
  });

  it("answers a page's address with 405 and Allow for any method but GET and HEAD; an unknown API call, 404", async () => {
    for (const request of [
      { method: 'POST', url: '/shop/home' },
      { method: 'PUT', url: '/shop/productpage/AAAAAAAAAAAAAAAA' },
      { method: 'DELETE', url: '/blog' },
      { method: 'POST', url: '/no/such/page' },
    ] as const) {
      const res = await t.request(request);
      expect(res.statusCode, request.url).toBe(405);
      expect(res.headers.allow, request.url).toBe('GET, HEAD');
      expect(res.json(), request.url).toEqual({ success: false, message: 'Method not allowed' });
    }
    for (const request of [
      { method: 'POST', url: '/api/no-such-call' },
      { method: 'DELETE', url: '/media/no-such-file' },
    ] as const) {
      expect((await t.request(request)).statusCode, request.url).toBe(404);
    }
  });

  it('marks admin and sign-in pages noindex, and redirects / to the home page', async () => {
    for (const url of [
      '/admin',
      '/admin/dashboard',
      '/admin/productlist',
      '/admin/updateblog/abc',
      '/auth/login',
      '/auth/register',
    ]) {
      const res = await html(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
    // An address below /admin that is none of the console's pages is not found, as any other is.
    for (const url of ['/admin/no-such-page', '/admin/dashboard/extra', '/admin/updateblog']) {
      const res = await html(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
    expect((await html('/shop/home')).body).not.toContain('noindex');
    const root = await html('/');
    expect(root.statusCode).toBe(301);
    expect(root.headers.location).toBe('/shop/home');
  });

  it('escapes every value: a product named like a script cannot break out of the head or the JSON-LD', async () => {
    const body = (await html(`/shop/productpage/${ids.xss}`)).body;
    expect(body).not.toContain('<script>alert(1)</script>');
    expect(body).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; – £899.50 | High Street Phones</title>');
    const scripts = body.match(/<script\b/g) ?? [];
    const closings = body.match(/<\/script>/g) ?? [];
    expect(scripts.length).toBe(closings.length);
    const product = byType(body, 'Product')!;
    expect(product.name).toBe(XSS);
    expect(product.offers.availability).toBe('https://schema.org/OutOfStock');
  });
});

describe('repair pages', () => {
  const crumbs = (body: string) =>
    byType(body, 'BreadcrumbList')!.itemListElement.map((i: { name: string; item: string }) => [
      i.name,
      i.item.replace(PUBLIC_URL, ''),
    ]);

  it('gives a phone model page its name and cheapest repair, canonical, share tags, a Service per repair with a GBP offer, and breadcrumbs', async () => {
    const res = await html('/repairs/apple/iphone-13');
    expect(res.statusCode).toBe(200);
    const body = res.body;
    const canonical = `${PUBLIC_URL}/repairs/apple/iphone-13`;
    expect(body).toContain('<title>IPhone 13 repairs from £129 | High Street Phones</title>');
    expect(attr(body, /<meta name="description" content="([^"]+)"/)).toBe(
      'IPhone 13 repair prices at High Street Phones: Screen £129. Call us to book.',
    );
    expect(attr(body, /<link rel="canonical" href="([^"]+)"/)).toBe(canonical);
    expect(attr(body, /<meta property="og:url" content="([^"]+)"/)).toBe(canonical);
    expect(attr(body, /<meta property="og:title" content="([^"]+)"/)).toBe('IPhone 13 repairs from £129 | High Street Phones');
    expect(attr(body, /<meta property="og:image" content="([^"]+)"/)).toMatch(new RegExp(`^${PUBLIC_URL}/media/`));
    expect(body).not.toContain('noindex');
    const services = jsonLd(body).filter((d) => d['@type'] === 'Service');
    expect(services).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Service',
        name: 'IPhone 13 Screen Repair',
        serviceType: 'Screen repair',
        brand: { '@type': 'Brand', name: 'Apple' },
        provider: { '@id': `${PUBLIC_URL}/#store` },
        areaServed: 'GB',
        offers: {
          '@type': 'Offer',
          price: '129.00',
          priceCurrency: 'GBP',
          url: canonical,
          seller: { '@id': `${PUBLIC_URL}/#store` },
        },
      },
    ]);
    expect(crumbs(body)).toEqual([
      ['Home', '/shop/home'],
      ['Phone Repair', '/shop/phonerepair'],
      ['Apple', '/repairs/apple'],
      ['IPhone 13', '/repairs/apple/iphone-13'],
    ]);
  });

  it("gives a brand page its repair prices, and names it canonical on the spec's repair table address", async () => {
    const brand = await html('/repairs/apple');
    expect(brand.statusCode).toBe(200);
    expect(brand.body).toContain('<title>Apple phone repair prices | High Street Phones</title>');
    expect(attr(brand.body, /<link rel="canonical" href="([^"]+)"/)).toBe(`${PUBLIC_URL}/repairs/apple`);
    expect(byType(brand.body, 'Service')!.hasOfferCatalog.itemListElement).toHaveLength(1);
    expect(crumbs(brand.body)).toEqual([
      ['Home', '/shop/home'],
      ['Phone Repair', '/shop/phonerepair'],
      ['Apple', '/repairs/apple'],
    ]);
    const spec = await html(`/shop/phonerepairdetail/${ids.apple}`);
    expect(spec.statusCode).toBe(200);
    expect(attr(spec.body, /<link rel="canonical" href="([^"]+)"/)).toBe(`${PUBLIC_URL}/repairs/apple`);
    expect(crumbs(spec.body).at(-1)).toEqual(['Apple', '/repairs/apple']);
    // Trimming a brand's address leads to the repair brands.
    for (const url of ['/repairs', '/repairs/']) {
      const up = await html(url);
      expect([up.statusCode, up.headers.location], url).toEqual([301, '/shop/phonerepair']);
    }
  });

  it('marks a brand with no repair price yet noindex, with no offers, on both its addresses', async () => {
    for (const url of ['/repairs/nokia', `/shop/phonerepairdetail/${ids.nokia}`]) {
      const res = await html(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<meta name="robots" content="noindex');
      expect(byType(res.body, 'Service'), url).toBeUndefined();
    }
    expect((await html('/repairs/apple')).body).not.toContain('noindex');
  });

  it("answers a real 404 with the shop's page for unknown brands and phone models", async () => {
    for (const url of [
      '/repairs/no-such-brand',
      '/repairs/apple/no-such-phone',
      '/repairs/nokia/iphone-13',
      '/repairs/%00',
      '/repairs/apple/a%2Fb',
    ]) {
      const res = await html(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toContain('<title>Page not found | High Street Phones</title>');
      expect(res.body, url).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
  });

  it("sends a renamed brand's and phone model's old addresses on with a 301, and an archived brand's repair pages to a 404", async () => {
    const logo = await makeImage('png', 100, 100);
    const oppo = (
      await t.request({
        method: 'POST',
        url: '/api/model/create',
        cookie: admin,
        ...multipart({ model: 'Oppo' }, [{ content: logo }]),
      })
    ).json().data._id;
    const created = await t.request({
      method: 'POST',
      url: '/api/phonerepair/create',
      cookie: admin,
      payload: { productname: 'Reno10', model: oppo, repair: ids.screen, price: 109 },
    });
    const repairId = created.json().data._id;
    await t.request({ method: 'PUT', url: `/api/model/update/${oppo}`, cookie: admin, payload: { model: 'Oppo Mobile' } });
    await t.request({
      method: 'PUT',
      url: `/api/phonerepair/update/${repairId}`,
      cookie: admin,
      payload: { productname: 'Reno10 Pro', model: oppo, repair: ids.screen, price: 119 },
    });
    for (const [from, to] of [
      ['/repairs/oppo', '/repairs/oppo-mobile'],
      ['/repairs/oppo/reno10', '/repairs/oppo-mobile/reno10-pro'],
      ['/repairs/oppo-mobile/reno10', '/repairs/oppo-mobile/reno10-pro'],
      ['/repairs/oppo/reno10?utm_source=leaflet', '/repairs/oppo-mobile/reno10-pro?utm_source=leaflet'],
      ['/repairs/OPPO-Mobile/Reno10-Pro', '/repairs/oppo-mobile/reno10-pro'],
      // Its phones' listing under the old name, keeping the sort, the page and a campaign's parameters.
      ['/shop/product?category=Smart+phones&filter=Oppo', '/shop/product?category=Smart+phones&filter=Oppo+Mobile'],
      [
        '/shop/product?filter=oppo&sort=price_asc&page=2&utm_source=mail',
        '/shop/product?category=Smart+phones&filter=Oppo+Mobile&sort=price_asc&page=2&utm_source=mail',
      ],
    ]) {
      const res = await html(from!);
      expect([from, res.statusCode, res.headers.location]).toEqual([from, 301, to]);
    }
    expect((await html('/repairs/oppo-mobile/reno10-pro')).statusCode).toBe(200);
    // No accessory category has that name: the accessories' listing finds nothing, as for any unknown name.
    const accessories = await html('/shop/product?category=Accessories&filter=Oppo');
    expect(accessories.statusCode).toBe(200);
    expect(accessories.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    await t.request({ method: 'DELETE', url: `/api/model/delete/${oppo}`, cookie: admin });
    for (const url of ['/repairs/oppo', '/repairs/oppo-mobile', '/repairs/oppo/reno10', '/repairs/oppo-mobile/reno10-pro']) {
      expect((await html(url)).statusCode, url).toBe(404);
    }
    for (const url of ['/shop/product?category=Smart+phones&filter=Oppo', '/shop/product?filter=Oppo+Mobile']) {
      const res = await html(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
  });

  it('marks the search page noindex, with the query in its title', async () => {
    const res = await html('/search?q=iphone%2013');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Search results for &quot;iphone 13&quot; | High Street Phones</title>');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(attr(res.body, /<link rel="canonical" href="([^"]+)"/)).toBe(`${PUBLIC_URL}/search?q=iphone+13`);
    expect((await html('/search')).body).toContain('<title>Search | High Street Phones</title>');
  });
});

describe('sitemap and robots', () => {
  const sitemap = async () => (await html('/sitemap.xml')).body;

  it('robots.txt disallows the private areas and points to the sitemap on PUBLIC_URL', async () => {
    const res = await html('/robots.txt');
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe(
      `User-agent: *\nDisallow: /admin\nDisallow: /auth\nDisallow: /api\nDisallow: /search\n\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`,
    );
  });

  it('lists home, brand and category listings, every product, and every brand’s and phone model’s repair page, with lastmod', async () => {
    await t.request({ method: 'POST', url: '/api/category/create', cookie: admin, payload: { category: 'Cables' } });
    const res = await html('/sitemap.xml');
    expect(res.headers['content-type']).toContain('application/xml');
    const body = res.body;
    for (const loc of [
      `${PUBLIC_URL}/shop/home`,
      `${PUBLIC_URL}/shop/product?category=Smart+phones&amp;filter=Apple`,
      `${PUBLIC_URL}/shop/productpage/${ids.iphone}`,
      `${PUBLIC_URL}/shop/productpage/${ids.xss}`,
      `${PUBLIC_URL}/repairs/apple`,
      `${PUBLIC_URL}/repairs/apple/iphone-13`,
      `${PUBLIC_URL}/contact`,
      `${PUBLIC_URL}/privacy`,
    ]) {
      expect(body).toContain(`<loc>${loc}</loc>`);
    }
    // The spec's repair table address names the brand's page canonical, so only that one is listed; a brand with no
    // repair price yet (Nokia) is no page to index.
    expect(body).not.toContain('/shop/phonerepairdetail/');
    expect(body).not.toContain('/repairs/nokia');
    expect(body).not.toContain('filter=Accessories');
    // Nor is a brand's or a category's listing with no product yet ("No products found.").
    expect(body).not.toContain('filter=Nokia');
    expect(body).not.toContain('filter=Phone+Cases');
    expect(body).not.toContain('filter=Cables');
    expect([...body.matchAll(/<lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod>/g)].length).toBe([...body.matchAll(/<url>/g)].length);
  });

  it("dates the home page and a brand's listing by the last change to any product in them", async () => {
    const nokia = `${PRODUCT_CSV_HEADER}\r\nNokia G42,199,3,Nokia,,4GB,128GB,In Stock,,,Grey,A dependable phone with a big battery.`;
    expect((await importProductsCsv(t, admin, nokia)).json()).toMatchObject({ success: true, created: 1 });
    const product = (await t.request({ method: 'GET', url: `/api/product/getbyid/${ids.iphone}` })).json().fetchProduct;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-05-04T12:00:00Z'));
    try {
      const fields = {
        productname: product.productname,
        price: '850',
        stockquantity: String(product.stockquantity),
        description: product.description,
        model: ids.apple!,
        availability: product.availability,
        color: product.color,
        ram: product.ram,
        rom: product.rom,
        keepImages: product.images.map((i: { secure_url: string }) => `http://localhost${i.secure_url}`),
      };
      const owner = await t.signIn('admin');
      const res = await t.request({
        method: 'PUT',
        url: `/api/product/update/${ids.iphone}`,
        cookie: owner,
        ...multipart(fields),
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    const body = await sitemap();
    const lastmod = (loc: string) =>
      new RegExp(`<loc>${loc.replace(/[?+]/g, '\\$&')}</loc><lastmod>([\\d-]+)</lastmod>`).exec(body)?.[1];
    expect(lastmod(`${PUBLIC_URL}/shop/home`)).toBe('2031-05-04');
    expect(lastmod(`${PUBLIC_URL}/shop/product`)).toBe('2031-05-04');
    expect(lastmod(`${PUBLIC_URL}/shop/product?category=Smart+phones&amp;filter=Apple`)).toBe('2031-05-04');
    expect(lastmod(`${PUBLIC_URL}/shop/productpage/${ids.iphone}`)).toBe('2031-05-04');
    // Another brand's listing is dated by its own products.
    expect(lastmod(`${PUBLIC_URL}/shop/product?category=Smart+phones&amp;filter=Nokia`)).toMatch(/^20[23]\d-/);
    expect(lastmod(`${PUBLIC_URL}/shop/product?category=Smart+phones&amp;filter=Nokia`)).not.toBe('2031-05-04');
    const { fetchProducts } = (await t.request({ method: 'GET', url: '/api/product/getall?q=nokia%20g42&limit=1' })).json();
    await t.request({ method: 'DELETE', url: `/api/product/delete/${fetchProducts[0]._id}`, cookie: admin });
  });

  it("dates a brand's repair page by the last change to any of its phones' prices", async () => {
    const price = (await t.request({ method: 'GET', url: '/api/phonerepair/getall?q=iphone%2013&limit=1' })).json()
      .fetchPhoneRepair[0];
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2032-03-02T12:00:00Z'));
    try {
      const res = await t.request({
        method: 'PUT',
        url: `/api/phonerepair/update/${price._id}`,
        cookie: await t.signIn('admin'),
        payload: { productname: price.productname, model: price.model._id, repair: price.repair._id, price: 135 },
      });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    const body = await sitemap();
    const lastmod = (loc: string) => new RegExp(`<loc>${loc}</loc><lastmod>([\\d-]+)</lastmod>`).exec(body)?.[1];
    expect(lastmod(`${PUBLIC_URL}/repairs/apple/iphone-13`)).toBe('2032-03-02');
    expect(lastmod(`${PUBLIC_URL}/repairs/apple`)).toBe('2032-03-02');
  });

  it('splits a sitemap past the protocol’s 50,000 addresses into an index of files of 50,000 at most', () => {
    const urls = Array.from({ length: 5 }, (_, i) => ({
      loc: `${PUBLIC_URL}/p/${i}`,
      lastmod: `2026-0${i + 1}-15T10:00:00.000Z`,
    }));
    const partUrl = (n: number) => `${PUBLIC_URL}/sitemap-${n}.xml`;
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    const one = sitemapFiles(urls, partUrl, 5);
    expect(one).toHaveLength(1);
    expect(one[0]).toContain('<urlset');

    const [index, ...files] = sitemapFiles(urls, partUrl, 2);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(
      [...index!.matchAll(/<sitemap><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/sitemap>/g)].map((m) => [m[1], m[2]]),
    ).toEqual([
      [partUrl(1), '2026-02-15'],
      [partUrl(2), '2026-04-15'],
      [partUrl(3), '2026-05-15'],
    ]);
    expect(files.flatMap((file) => [...file.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]))).toEqual(
      urls.map((u) => u.loc),
    );
  });

  it('answers the files of a sitemap that fits in one with a 404', async () => {
    for (const url of ['/sitemap-1.xml', '/sitemap-0.xml', '/sitemap-x.xml', '/sitemap-.xml']) {
      expect((await html(url)).statusCode, url).toBe(404);
    }
  });

  it("drops a deleted product and an archived brand, whose products' crumbs then lead to every phone", async () => {
    const del = await t.request({ method: 'DELETE', url: `/api/product/delete/${ids.xss}`, cookie: admin });
    expect(del.statusCode).toBe(200);
    const nokia = `${PRODUCT_CSV_HEADER}\r\nNokia X30,299,2,Nokia,,6GB,128GB,In Stock,,,Blue,A phone kept in the shop after its brand goes.`;
    expect((await importProductsCsv(t, admin, nokia)).json()).toMatchObject({ success: true, created: 1 });
    const archive = await t.request({ method: 'DELETE', url: `/api/model/delete/${ids.nokia}`, cookie: admin });
    expect(archive.statusCode).toBe(200);
    const body = await sitemap();
    expect(body).not.toContain(ids.xss!);
    expect(body).not.toContain('filter=Nokia');
    expect(body).not.toContain('/repairs/nokia');
    expect(body).toContain(`/shop/productpage/${ids.iphone}`);
    // Its product stays in the shop, among every phone (the spec's decisions): its crumb no longer leads to Nokia's.
    const x30 = (await t.request({ method: 'GET', url: '/api/product/getall?q=nokia%20x30&limit=1' })).json().fetchProducts[0];
    const page = await html(`/shop/productpage/${x30._id}`);
    expect(byType(page.body, 'BreadcrumbList')!.itemListElement[1]).toMatchObject({
      name: 'Smart phones',
      item: `${PUBLIC_URL}/shop/product?category=Smart+phones`,
    });
    expect(byType((await html(`/shop/productpage/${ids.iphone}`)).body, 'BreadcrumbList')!.itemListElement[1]).toMatchObject({
      name: 'Apple',
    });
  });

  it('is built once and kept until a write may have changed the shop, however often it is asked for', async () => {
    const kept = await sitemap();
    // A change no write of this server made (another process's): the kept sitemap stands, for a minute at most.
    await t.db.db.updateTable('products').set({ updated_at: '2040-01-02T00:00:00.000Z' }).where('id', '=', ids.iphone!).execute();
    expect(await sitemap()).toBe(kept);
    expect((await html('/sitemap-1.xml')).statusCode).toBe(404);
    // What a write that changes public reads does (plugins/etag.ts): the next request builds the sitemap again.
    t.app.readCache.clear();
    expect(await sitemap()).toContain(`/shop/productpage/${ids.iphone}</loc><lastmod>2040-01-02</lastmod>`);
  });
});
