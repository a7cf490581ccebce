import type { ServerModule } from '../../platform/http/module.ts';
import type { Services } from '../../services.ts';
import { calendarRoutes } from './routes.ts';

export { createCalendarService } from './service.ts';
export { JUST_TAKEN } from './booking.ts';
export type { CalendarService, BookInput } from './service.ts';
export type { CalendarTables } from './tables.ts';
export { freeSlots } from './slots.ts';
export { agentBooking, type AgentBooking } from './agent.ts';

/** Schedules, availability and bookings (spec §7 Calendar; the public /schedule page). */
export const calendarModule: ServerModule<Services> = {
  name: 'calendar',
  register: (app, s) => calendarRoutes(app, s.calendar, s.deps.config.SEND_RATE_LIMIT),
};
