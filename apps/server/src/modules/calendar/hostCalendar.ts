import type { Deps } from '../../deps.ts';
import { createCalendarProvider, type CalendarProvider } from '../../platform/providers/calendar/index.ts';
import { createConnections, type Connections } from './connections.ts';

/**
 * The host's calendar as availability sees it: the local calendar plus the busy times of every connected
 * one (Google, Calendly). Events are written locally; bookings reach Google through `connections.addEvent`.
 */
export function withConnectedCalendars(local: CalendarProvider, connections: Connections): CalendarProvider {
  return {
    kind: local.kind,
    busy: async (accountId, from, to) => [...(await local.busy(accountId, from, to)), ...(await connections.busy(accountId, from, to))],
    addEvent: (accountId, e) => local.addEvent(accountId, e),
    listEvents: (accountId, from, to) => local.listEvents(accountId, from, to),
    removeEvent: (accountId, id) => local.removeEvent(accountId, id),
  };
}

/** The same outside the calendar service (an agent booking during a call or a chat). */
export function hostCalendar(deps: Deps, now: () => number): { calendar: CalendarProvider; connections: Connections } {
  const connections = createConnections(deps, now);
  return { calendar: withConnectedCalendars(createCalendarProvider(deps.db), connections), connections };
}
