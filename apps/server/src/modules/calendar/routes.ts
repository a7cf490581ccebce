import {
  bookBody,
  bookingParams,
  bookResponse,
  manageCancelBody,
  manageQuery,
  manageRescheduleBody,
  manageResponse,
  ownBookingBody,
  ownBookingResponse,
  rescheduleBody,
  calendarEventBody,
  calendarEventResponse,
  scheduleBody,
  scheduleQuery,
  scheduleResponse,
  slotsQuery,
  slotsResponse,
} from '@switchboard/core/contracts/calendar';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import { authOf } from '../auth/index.ts';
import type { CalendarService } from './service.ts';

const tags = ['calendar'];
const hostParams = z.object({ host: z.string().min(1).max(64) });

/** Spec §7 Calendar: GET/POST /api/v1/schedule, and the public page's slots and booking (no sign-in). */
export function calendarRoutes(app: FastifyInstance, calendar: CalendarService, bookRateLimit: number): void {
  route(app, {
    method: 'GET',
    url: '/api/v1/schedule',
    summary: 'The acting account’s schedule (time zone, working hours, meeting types) and upcoming bookings',
    tags,
    query: scheduleQuery,
    response: scheduleResponse,
    handler: (req) => calendar.get(authOf(req)),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/schedule',
    summary: 'Saves the schedule; fields left out keep their value',
    tags,
    body: scheduleBody,
    response: scheduleResponse,
    handler: (req) => {
      const { schedule, timezone, hours, meetingTypes } = req.body;
      if (schedule && (timezone !== undefined || hours !== undefined || meetingTypes !== undefined)) {
        throw badRequest('schedule: send the fields either at the top level or inside schedule, not both', 'schedule');
      }
      return calendar.save(authOf(req), schedule ?? { timezone, hours, meetingTypes });
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/schedule/events',
    summary: 'Adds a busy time to the local calendar',
    tags,
    body: calendarEventBody,
    response: calendarEventResponse,
    handler: (req) => calendar.addEvent(authOf(req), { start: req.body.start, end: req.body.end, title: req.body.title }),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/schedule/:host/slots',
    summary: 'A host’s free slots of one meeting type (the first when none is named), from `from` for `days` days (14)',
    tags,
    auth: 'none',
    params: hostParams,
    query: slotsQuery,
    response: slotsResponse,
    handler: (req) => calendar.slots(req.params.host, req.query),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/schedule/:host/book',
    summary: 'Books a free slot with a host; a slot someone else just took answers 409 “That time was just taken.”',
    tags,
    auth: 'none',
    params: hostParams,
    body: bookBody,
    response: bookResponse,
    rateLimit: { max: bookRateLimit, timeWindow: '1 minute' },
    handler: (req) => calendar.book(req.params.host, req.body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/schedule/bookings/:id/cancel',
    summary: 'The host cancels one of its bookings; the visitor is told by e-mail and text',
    tags,
    params: bookingParams,
    body: ownBookingBody,
    response: ownBookingResponse,
    handler: (req) => calendar.manage.cancelOwn(authOf(req), req.params.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/schedule/bookings/:id/reschedule',
    summary: 'The host moves one of its bookings to another free time (409 when just taken)',
    tags,
    params: bookingParams,
    body: rescheduleBody,
    response: ownBookingResponse,
    handler: (req) => calendar.manage.rescheduleOwn(authOf(req), req.params.id, req.body.start),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/schedule/booking/:id',
    summary: 'The visitor’s view of a booking through the manage link’s token',
    tags,
    auth: 'none',
    params: bookingParams,
    query: manageQuery,
    response: manageResponse,
    rateLimit: { max: bookRateLimit, timeWindow: '1 minute' },
    handler: (req) => calendar.manage.view(req.params.id, req.query.token),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/schedule/booking/:id/cancel',
    summary: 'The visitor cancels through the manage link’s token',
    tags,
    auth: 'none',
    params: bookingParams,
    body: manageCancelBody,
    response: manageResponse,
    rateLimit: { max: bookRateLimit, timeWindow: '1 minute' },
    handler: (req) => calendar.manage.cancelByToken(req.params.id, req.body.token),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/schedule/booking/:id/reschedule',
    summary: 'The visitor moves the booking to another free time through the manage link’s token',
    tags,
    auth: 'none',
    params: bookingParams,
    body: manageRescheduleBody,
    response: manageResponse,
    rateLimit: { max: bookRateLimit, timeWindow: '1 minute' },
    handler: (req) => calendar.manage.rescheduleByToken(req.params.id, req.body.token, req.body.start),
  });
}
