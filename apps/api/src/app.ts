import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { categorySchema, repairCategorySchema } from '@shop/shared';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { parseQuery } from './lib/query.ts';
import { createRateLimiter } from './lib/rate-limit.ts';
import multipart from '@fastify/multipart';
import { appDetailAdminRoutes, appDetailReadRoutes } from './modules/app-details/app-details.routes.ts';
import { createAppDetailsService } from './modules/app-details/app-details.service.ts';
import { auditAdminRoutes } from './modules/audit/audit.routes.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { blogAdminRoutes, blogReadRoutes } from './modules/blog/blog.routes.ts';
import { createBlogService } from './modules/blog/blog.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { enquiryAdminRoutes, enquiryFormRoute, enquiryPublicRoutes } from './modules/enquiries/enquiries.routes.ts';
import { createEnquiriesService } from './modules/enquiries/enquiries.service.ts';
import { createMailService, type MailService } from './modules/mail/mail.service.ts';
import { categoryAdminRoutes, categoryReadRoutes } from './modules/categories/categories.routes.ts';
import { ACCESSORY_CATEGORIES, REPAIR_CATEGORIES, createCategoriesService } from './modules/categories/categories.service.ts';
import { dashboardAdminRoutes } from './modules/dashboard/dashboard.routes.ts';
import docs from './modules/docs/docs.routes.ts';
import { healthRoutes } from './modules/health.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { MULTIPART_LIMITS } from './modules/media/media.upload.ts';
import { modelAdminRoutes, modelReadRoutes } from './modules/models/models.routes.ts';
import { createModelsService } from './modules/models/models.service.ts';
import { phoneRepairAdminRoutes, phoneRepairReadRoutes, repairPageRoutes } from './modules/phone-repairs/phone-repairs.routes.ts';
import { createPhoneRepairsService } from './modules/phone-repairs/phone-repairs.service.ts';
import { productAdminRoutes, productReadRoutes } from './modules/products/products.routes.ts';
import { createProductsService } from './modules/products/products.service.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { renderIndex } from './modules/seo/seo.html.ts';
import { seoRoutes } from './modules/seo/seo.routes.ts';
import { createSeoService } from './modules/seo/seo.service.ts';
import { userAdminRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import authPlugin, { type Access } from './plugins/auth.ts';
import errors from './plugins/errors.ts';
import etag from './plugins/etag.ts';
import { answerKeptFirst } from './plugins/front-door.ts';
import inProcessReads from './plugins/in-process-reads.ts';
import jsonBody from './plugins/json-body.ts';
import security, { shopSecurity } from './plugins/security.ts';
import web, { isPageAddress } from './plugins/web.ts';

export interface AppOptions {
  config: Config;
  db: Db;
  /** false turns logging off (tests); a stream receives the JSON log lines instead of stdout. */
  logger?: false | { stream: NodeJS.WritableStream };
  /** The time that bookings are checked at and mail is sent by; tests fix it. */
  clock?: () => number;
}

export interface ShopApp extends FastifyInstance {
  closing: boolean;
  /**
   * Every route the server registered (method, URL pattern and, for API routes, who may call it), for the access and
   * audit suites and diagnostics.
   */
  routeList: { method: string; url: string; access: Access | undefined }[];
  /** Mail to the shop (when SMTP_URL is set): the server process starts its sender once listening. */
  mailer: MailService | undefined;
}

/** Never logged: passwords, cookies and tokens. */
export const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  'body.password',
];

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers or address are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
};

/**
 * Answers a request Node could not parse with `{ success: false, message }` and a JSON answer's security headers
 * (`headers`), then closes the connection.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex, headers: Record<string, string>): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'The request is not valid HTTP'];
  const body = JSON.stringify({ success: false, message });
  if (socket.writable) {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n${lines.join('')}` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** A request's id: the one a proxy in front gave it (X-Request-Id) when it is a plain token, or a new one. */
function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
}

export async function buildApp({ config, db, logger, clock = Date.now }: AppOptions): Promise<ShopApp> {
  const shop = shopSecurity(config);
  const requestTimeout = config.requestTimeoutSeconds * 1000;
  const app = Fastify({
    logger:
      logger === false
        ? false
        : { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' }, ...(logger ? { stream: logger.stream } : {}) },
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    // A request must have arrived whole (headers and body) within REQUEST_TIMEOUT_SECONDS, its headers within a minute
    // at most: a client sending a byte now and then holds a connection no longer (408). Node checks only while its
    // headers limit is no longer than the request's, and checks every so often: a quarter of the limit, 30 s at most.
    requestTimeout,
    http: { headersTimeout: Math.min(60_000, requestTimeout), connectionsCheckingInterval: Math.min(30_000, requestTimeout / 4) },
    // TRUST_PROXY: a hop count trusts that many proxies nearest the server (as Fastify does for a number).
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    // One query parser for requests and for reads answered in process (plugins/in-process-reads.ts).
    routerOptions: { maxParamLength: 200, querystringParser: parseQuery },
    // Errors Node's HTTP parser raises before there is a request (headers or address too large, a malformed or
    // ambiguous request) get the envelope too, instead of Fastify's own body.
    clientErrorHandler: (err, socket) => answerClientError(err, socket, shop.jsonHeaders),
    // Errors the router raises before any handler (a malformed or overlong address) get the envelope too, and the
    // headers the hooks, which do not run for them, give every answer. A page's address that does not decode (a
    // visitor's typo, a link cut short) gets the page it names, the not-found page, as a browser expects.
    frameworkErrors: (err, request, reply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const refuse = () =>
        (reply as FastifyReply)
          .code(tooLong ? 414 : 400)
          .headers({ ...shop.jsonHeaders, 'x-request-id': request.id })
          .send({ success: false, message: tooLong ? 'The address is too long' : 'The address is not valid' });
      if (tooLong || (request.method !== 'GET' && request.method !== 'HEAD') || !isPageAddress(request.url)) return refuse();
      app.shopPage(request, request.url).then(
        (page) =>
          page
            ? (reply as FastifyReply)
                .code(page.status)
                .headers({ ...shop.headers, 'x-request-id': request.id, 'cache-control': 'no-cache' })
                .type('text/html; charset=utf-8')
                .send(page.html)
            : refuse(),
        (failure: unknown) => (reply as FastifyReply).send(failure),
      );
    },
  }) as unknown as ShopApp;
  app.closing = false;
  app.routeList = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) app.routeList.push({ method, url: route.url, access: route.config?.access });
  });

  // The hooks every request runs take Fastify's `done` callback instead of being async: an async hook costs a promise
  // and a turn of the microtask queue, which made a kept read's CPU time about a tenth longer
  // (docs/decisions/0016-read-cache.md).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const auth = createAuthService(db.db);
  await app.register(errors);
  await app.register(jsonBody);
  await app.register(cookie);
  await app.register(security, { security: shop });
  await app.register(authPlugin, { config, auth });
  // After every hook an answer needs: the read cache answers a kept read from the last onRequest hook.
  await app.register(etag);
  // And a repeated read without a session from the server's request event, before Fastify.
  answerKeptFirst(app, { security: shop, requestId });
  await app.register(inProcessReads);
  // Responses only: the shop never receives compressed bodies, and inflating one is work an attacker would choose.
  await app.register(compress, { global: true, threshold: 1024, globalDecompression: false });

  const models = createModelsService(db.db);
  const categories = createCategoriesService(db.db, ACCESSORY_CATEGORIES);
  const repairCategories = createCategoriesService(db.db, REPAIR_CATEGORIES);
  const categoryRoutes = { categories, schema: categorySchema, tag: 'categories' };
  const repairCategoryRoutes = { categories: repairCategories, schema: repairCategorySchema, tag: 'repair categories' };
  const products = createProductsService(db.db, { models, categories, slowReads: db.slowReads });
  const repairs = createPhoneRepairsService(db.db, { models, repairCategories });
  const appDetails = createAppDetailsService(db.db);
  const users = createUsersService(db.db, { auth });
  const blog = createBlogService(db.db);
  app.mailer = config.mail ? createMailService(db.db, { mail: config.mail, log: app.log, clock }) : undefined;
  app.addHook('onClose', async () => app.mailer?.stop());
  const enquiries = createEnquiriesService(db.db, { products, repairs, appDetails, mail: app.mailer, publicUrl: config.publicUrl, clock });
  // One set of request counters for every limited route.
  const limiter = createRateLimiter(db.db);
  const search = createSearchService(db.slowReads, { products, repairs, models, repairCategories });
  const audit = createAuditService(db.db);

  await app.register(docs);
  await app.register(
    async (api) => {
      await api.register(multipart, MULTIPART_LIMITS);
      await api.register(healthRoutes, { db, isClosing: () => app.closing });
      await api.register(authRoutes, { prefix: '/auth', auth, config, limiter });
      await api.register(modelReadRoutes(models), { prefix: '/model' });
      await api.register(categoryReadRoutes(categoryRoutes), { prefix: '/category' });
      await api.register(categoryReadRoutes(repairCategoryRoutes), { prefix: '/repaircategory' });
      await api.register(productReadRoutes(products), { prefix: '/product' });
      await api.register(phoneRepairReadRoutes(repairs), { prefix: '/phonerepair' });
      await api.register(repairPageRoutes(repairs), { prefix: '/repairs' });
      await api.register(searchRoutes(search), { prefix: '/search' });
      await api.register(appDetailReadRoutes(appDetails), { prefix: '/appdetail' });
      await api.register(blogReadRoutes(blog), { prefix: '/blog' });
      await api.register(modelAdminRoutes(models), { prefix: '/model' });
      await api.register(categoryAdminRoutes(categoryRoutes), { prefix: '/category' });
      await api.register(categoryAdminRoutes(repairCategoryRoutes), { prefix: '/repaircategory' });
      await api.register(productAdminRoutes(products), { prefix: '/product' });
      await api.register(phoneRepairAdminRoutes(repairs), { prefix: '/phonerepair' });
      await api.register(appDetailAdminRoutes(appDetails), { prefix: '/appdetail' });
      await api.register(userAdminRoutes(users), { prefix: '/auth' });
      await api.register(blogAdminRoutes(blog), { prefix: '/blog' });
      await api.register(enquiryPublicRoutes(enquiries, { limiter, perHour: config.enquiryRateLimit, retentionDays: config.enquiryRetentionDays }), { prefix: '/enquiry' });
      await api.register(enquiryAdminRoutes(enquiries), { prefix: '/enquiry' });
      await api.register(auditAdminRoutes(audit), { prefix: '/audit' });
      await api.register(dashboardAdminRoutes({ models, products, repairs, enquiries }), { prefix: '/dashboard' });
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes(db.db));

  const seo = createSeoService({ config, products, models, categories, repairs, appDetails, blog });
  await app.register(seoRoutes(seo));
  await app.register(web, {
    webDist: config.webDist,
    async render(indexHtml, url) {
      const parsed = new URL(url, 'http://shop.invalid');
      // A URL parser reads '//x/shop/home' as another host's home page: as a path, it names no page of the shop.
      const ours = parsed.host === 'shop.invalid';
      const pathname = ours ? parsed.pathname : url.split('?')[0]!;
      // One address for each page: written with a trailing slash, it moves to the one without (never to '//x').
      const trimmed = pathname.replace(/\/+$/, '');
      if (ours && trimmed && trimmed !== pathname && !trimmed.startsWith('//')) return { redirect: trimmed };
      const page = await seo.page(safeDecode(pathname), parsed.searchParams);
      if ('redirect' in page) return { redirect: page.redirect };
      return { status: page.status, html: renderIndex(indexHtml, page.head) };
    },
  });
  await app.register(enquiryFormRoute(enquiries, { limiter, perHour: config.enquiryRateLimit }));
  return app;
}
