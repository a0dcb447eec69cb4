import {
  SHOP_PAGES,
  enquiryMessages,
  enquiryQuerySchema,
  enquirySchema,
  enquiryUpdateSchema,
  type EnquiryFormState,
} from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { limitPerClient, type RateLimiter } from '../../lib/rate-limit.ts';
import { parse } from '../../lib/validate.ts';
import { ADMIN, PUBLIC, actorOf } from '../../plugins/auth.ts';
import { PUBLIC_READ } from '../../plugins/etag.ts';
import { doc } from '../docs/docs.schemas.ts';
import { enquiryAdminMessages, type EnquiriesService } from './enquiries.service.ts';

export const ENQUIRY_RATE_WINDOW_MS = 60 * 60 * 1000;
/** A form-encoded enquiry at its longest (a 2,000-character message, every character escaped) with room to spare. */
const FORM_BODY_LIMIT = 64 * 1024;
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;
/**
 * Refused posts of the form without the app allowed per kept enquiry (ENQUIRY_RATE_LIMIT): a person makes a few
 * mistakes per enquiry, and a client past that many an hour is answered as the API answers, with no page rendered.
 */
const REFUSALS_PER_ENQUIRY = 10;
/** What a refused form shows again as the visitor typed it (never the robots' trap), in the form's order. */
const TYPED_FIELDS = ['kind', 'name', 'phone', 'email', 'preferredDate', 'preferredTime', 'message'] as const;
/** The message at the top of a refused form: the first field's in the form's order, as the app's focus goes. */
const firstMessage = (err: AppError) =>
  [...TYPED_FIELDS, 'consent'].map((field) => err.fieldErrors?.[field]?.[0]).find(Boolean) ?? err.message;

const enquiryLimit = (options: { limiter: RateLimiter; perHour: number }) =>
  limitPerClient(options.limiter, 'enquiry', { max: options.perHour, windowMs: ENQUIRY_RATE_WINDOW_MS }, enquiryMessages.tooMany);

/**
 * POST /api/enquiry/create: anyone, limited per client address (ENQUIRY_RATE_LIMIT kept an hour) so that nobody can
 * fill the inbox or the shop's mailbox. The limit counts only what is kept, as for the form without the app: a time
 * that passed while the visitor typed, refused, costs them nothing. GET /api/enquiry/retention: how long enquiries
 * are kept, for the privacy notice.
 */
export function enquiryPublicRoutes(
  enquiries: EnquiriesService,
  options: { limiter: RateLimiter; perHour: number; retentionDays: number },
): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/retention',
      {
        config: PUBLIC_READ,
        schema: doc.read('enquiries', 'How many days enquiries are kept before they are deleted: retentionDays'),
      },
      async () => ({ success: true, retentionDays: options.retentionDays }),
    );

    const limit = enquiryLimit(options);
    app.post(
      '/create',
      {
        config: PUBLIC,
        schema: doc.json(
          'enquiries',
          'Send an enquiry, or ask to book a repair (a booking needs preferredDate and preferredTime, UK time, inside the opening hours)',
          enquirySchema(null, Date.now),
        ),
      },
      async (request, reply) => {
        const { message } = await enquiries.create(request.body, () => limit(request));
        return reply.status(201).send({ success: true, message });
      },
    );
  };
}

/**
 * POST /contact: the contact page's form as the browser sends it itself, when the app is not running (no JavaScript,
 * its code not loaded, or sent before it was live), form-encoded. The same checks, trap and per-client limit as
 * /api/enquiry/create, which the app uses, counting only what is kept: a visitor without the app learns of a mistake
 * only from the server, and a booking may take a post to learn the day's times. Sent: a 303 to
 * /contact?sent=enquiry (or booking), so reloading that page sends nothing twice. Refused: the contact page again with
 * what was typed and the messages, at the address it was posted to (the page about its repair price or product,
 * `contactPath`), kept by no cache; past REFUSALS_PER_ENQUIRY times the hourly limit of refusals, a 429 in JSON
 * instead, so that a client posting bad forms in a loop costs the server a counter's write, not a page rendered.
 */
export function enquiryFormRoute(
  enquiries: EnquiriesService,
  options: { limiter: RateLimiter; perHour: number },
): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const limit = enquiryLimit(options);
    const refusals = limitPerClient(
      options.limiter,
      'contact-refused',
      { max: options.perHour * REFUSALS_PER_ENQUIRY, windowMs: ENQUIRY_RATE_WINDOW_MS },
      enquiryMessages.tooMany,
    );
    app.post('/contact', { config: PUBLIC }, async (request, reply) => {
      // What a browser sends for a form; the app and other clients use the API, in JSON.
      if (!FORM_TYPE.test(request.headers['content-type'] ?? '')) {
        throw new AppError(415, 'Send the form as application/x-www-form-urlencoded, or use /api/enquiry/create');
      }
      const posted = request.body as Record<string, string>;
      // A checkbox is sent ("on") only when ticked.
      const fields = { ...posted, consent: posted.consent !== undefined };
      try {
        await enquiries.create(fields, () => limit(request));
        return reply.redirect(`${SHOP_PAGES.contact}?sent=${posted.kind === 'booking' ? 'booking' : 'enquiry'}`, 303);
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
        await refusals(request);
        const values: EnquiryFormState['values'] = { consent: fields.consent };
        for (const field of TYPED_FIELDS) if (typeof posted[field] === 'string') values[field] = posted[field];
        // The contact page the form was sent from and to (about a repair price or a product: contactPath).
        const page = await app.shopPage(request, request.url, {
          values,
          message: firstMessage(err),
          fieldErrors: err.fieldErrors ?? {},
        });
        if (!page) throw err;
        if (err.retryAfter) reply.header('retry-after', String(err.retryAfter));
        return reply.status(err.statusCode).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.html);
      }
    });
  };
}

/** The inbox: admins only. */
export function enquiryAdminRoutes(enquiries: EnquiriesService): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/getall',
      {
        config: ADMIN,
        schema: doc.read('enquiries', 'Enquiries and bookings, newest first: fetchEnquiry', { query: enquiryQuerySchema }),
      },
      async (request) => ({ success: true, ...(await enquiries.list(parse(enquiryQuerySchema, request.query))) }),
    );

    app.get<{ Params: { id: string } }>(
      '/getbyid/:id',
      { config: ADMIN, schema: doc.read('enquiries', 'One enquiry: fetchEnquiry', { id: true }) },
      async (request) => ({ success: true, fetchEnquiry: await enquiries.get(request.params.id) }),
    );

    app.put<{ Params: { id: string } }>(
      '/update/:id',
      {
        config: ADMIN,
        schema: doc.json(
          'enquiries',
          "Set the status and/or the private note; updatedAt, the enquiry's as the page loaded it, refuses (409) a save over a change made since",
          enquiryUpdateSchema,
          { id: true },
        ),
      },
      async (request) => {
        const enquiry = await enquiries.update(request.params.id, parse(enquiryUpdateSchema, request.body), actorOf(request));
        return { success: true, message: enquiryAdminMessages.updated, data: enquiry };
      },
    );

    app.delete<{ Params: { id: string } }>(
      '/delete/:id',
      { config: ADMIN, schema: doc.action('enquiries', 'Delete an enquiry (and its mail, if not yet sent)', { id: true }) },
      async (request) => {
        await enquiries.remove(request.params.id, actorOf(request));
        return { success: true, message: enquiryAdminMessages.deleted };
      },
    );
  };
}
