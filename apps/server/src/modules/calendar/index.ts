import { calendarRepository } from './repository.ts';
import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { connectRoutes } from './connectRoutes.ts';
import { calendarRoutes } from './routes.ts';

export { createCalendarService } from './service.ts';
export { JUST_TAKEN } from './booking.ts';
export type { CalendarService, BookInput } from './service.ts';
export type { CalendarTables } from './tables.ts';
export { freeSlots } from './slots.ts';
export { agentBooking, type AgentBooking } from './agent.ts';
export { agentManageBooking, type AgentManageResult } from './agentManage.ts';
/** A host's latest bookings, newest start first (a contact's meetings are picked from them by phone or e-mail). */
export const latestBookingsOf = calendarRepository.latest.bind(calendarRepository);

/** Schedules, availability and bookings (spec §7 Calendar; the public /schedule page). */
export const calendarModule: ServerModule<Services> = {
  name: 'calendar',
  register: (app, s) => {
    calendarRoutes(app, s.calendar, s.deps.config.SEND_RATE_LIMIT);
    connectRoutes(app, s.calendar.connections);
  },
};
