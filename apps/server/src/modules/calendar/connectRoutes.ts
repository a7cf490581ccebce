import { targetParams, tokenParams } from '@switchboard/core/contracts/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { authOf } from '../auth/index.ts';
import type { Connections } from './connections.ts';

const tags = ['calendar'];
const auth = z.object({ ...tokenParams, ...targetParams });
const authBody = (shape: z.ZodRawShape = {}) => z.looseObject({ ...tokenParams, ...targetParams, ...shape });
const ok = z.object({ success: z.literal(true) });
const main = z.object({ success: z.literal(true), main: z.string().nullable() });

/** Spec §7 Calendar: connecting Google Calendar (OAuth) and Calendly (personal access token). */
export function connectRoutes(app: FastifyInstance, c: Connections): void {
  route(app, {
    method: 'GET',
    url: '/api/v1/google/connect',
    summary: 'The Google consent URL to connect Google Calendar (offline access)',
    tags,
    query: auth,
    response: z.object({ success: z.literal(true), url: z.string() }),
    handler: (req) => c.googleConnectUrl(authOf(req)),
  });
  route(app, {
    method: 'GET',
    url: '/api/v1/google/callback',
    summary: 'Google’s redirect after consent: stores the tokens sealed and returns to the calendar',
    tags,
    auth: 'none',
    query: z.object({ code: z.string().max(2000).optional(), state: z.string().min(1).max(2000), error: z.string().max(200).optional() }),
    handler: async (req, reply) => reply.redirect(await c.googleCallback(req.query), 302),
  });
  route(app, {
    method: 'GET',
    url: '/api/v1/google/calendars',
    summary: 'The connected Google account’s calendars and the main one',
    tags,
    query: auth,
    response: z.object({
      success: z.literal(true),
      calendars: z.array(z.object({ id: z.string(), name: z.string(), primary: z.boolean() })),
      main: z.string().nullable(),
    }),
    handler: (req) => c.googleCalendars(authOf(req)),
  });
  route(app, {
    method: 'GET',
    url: '/api/v1/google/calendars/main',
    summary: 'The Google calendar whose busy times count and where bookings are written',
    tags,
    query: auth,
    response: main,
    handler: (req) => c.googleMain(authOf(req)),
  });
  route(app, {
    method: 'PUT',
    url: '/api/v1/google/calendars/main',
    summary: 'Chooses the main Google calendar',
    tags,
    body: authBody({ calendarId: z.string().min(1).max(320).optional(), calendar: z.string().min(1).max(320).optional() }),
    response: main,
    handler: (req) => {
      // `calendar` is the spec's name (§7), `calendarId` the earlier one; either names the calendar.
      const id = (req.body.calendar ?? req.body.calendarId) as string | undefined;
      if (!id) throw badRequest('calendar: choose a calendar (its id)', 'calendar');
      return c.setGoogleMain(authOf(req), id);
    },
  });
  route(app, {
    method: 'DELETE',
    url: '/api/v1/google/disconnect',
    summary: 'Disconnects Google Calendar (its tokens are deleted)',
    tags,
    query: auth,
    response: ok,
    handler: (req) => c.disconnect(authOf(req), 'google'),
  });
  route(app, {
    method: 'POST',
    url: '/api/v2/calendly',
    summary: 'Connects Calendly with a personal access token (checked with Calendly, stored sealed)',
    tags,
    body: authBody({ userPAT: z.string().trim().min(1, 'is required').min(10, 'is too short').max(2000) }),
    response: z.object({ success: z.literal(true), calendly: z.object({ name: z.string(), schedulingUrl: z.string() }) }),
    handler: (req) => c.connectCalendly(authOf(req), req.body.userPAT as string),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/v2/calendly',
    summary: 'Disconnects Calendly',
    tags,
    query: auth,
    response: ok,
    handler: (req) => c.disconnect(authOf(req), 'calendly'),
  });
}
