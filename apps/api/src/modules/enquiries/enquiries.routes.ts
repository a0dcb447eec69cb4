import { enquiryMessages, enquiryQuerySchema, enquirySchema, enquiryUpdateSchema } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { limitPerClient, type RateLimiter } from '../../lib/rate-limit.ts';
import { parse } from '../../lib/validate.ts';
import { ADMIN, PUBLIC, actorOf } from '../../plugins/auth.ts';
import { PUBLIC_READ } from '../../plugins/etag.ts';
import { doc } from '../docs/docs.schemas.ts';
import { enquiryAdminMessages, type EnquiriesService } from './enquiries.service.ts';

export const ENQUIRY_RATE_WINDOW_MS = 60 * 60 * 1000;

/**
 * POST /api/enquiry/create: anyone, limited per client address (ENQUIRY_RATE_LIMIT an hour) so that nobody can
 * fill the inbox or the shop's mailbox. GET /api/enquiry/retention: how long enquiries are kept, for the privacy notice.
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

    app.post(
      '/create',
      {
        config: PUBLIC,
        onRequest: limitPerClient(
          options.limiter,
          'enquiry',
          { max: options.perHour, windowMs: ENQUIRY_RATE_WINDOW_MS },
          enquiryMessages.tooMany,
        ),
        schema: doc.json(
          'enquiries',
          'Send an enquiry, or ask to book a repair (a booking needs preferredDate and preferredTime, UK time, inside the opening hours)',
          enquirySchema(null, Date.now),
        ),
      },
      async (request, reply) => {
        const { message } = await enquiries.create(request.body);
        return reply.status(201).send({ success: true, message });
      },
    );
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
        schema: doc.json('enquiries', 'Set the status and/or the private note', enquiryUpdateSchema, { id: true }),
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
