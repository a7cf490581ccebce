import type { Migration } from 'kysely';
import * as foundation from './202611220400_foundation.ts';
import * as inbox from './202611220420_inbox.ts';
import * as agents from './202611220410_agents.ts';
import * as domains from './202611220430_domains.ts';
import * as device from './202611241030_device.ts';
import * as pushSessions from './202611241110_push_sessions.ts';
import * as messageEvents from './202611241100_message_events.ts';
import * as billing from './202611241730_billing.ts';
import * as calls from './202611241750_calls.ts';
import * as integrations from './202611241800_integrations.ts';
import * as logs from './202611241720_logs.ts';
import * as contactsCalendar from './202611241710_contacts_calendar.ts';
import * as linkpages from './202611241700_linkpages.ts';

/** Every migration, in order. Add new files here (named <yyyymmddHHMM>_<what>.ts). */
export const migrations: Record<string, Migration> = {
  '202611220400_foundation': foundation,
  '202611220420_inbox': inbox,
  '202611220410_agents': agents,
  '202611220430_domains': domains,
  '202611241030_device': device,
  '202611241110_push_sessions': pushSessions,
  '202611241100_message_events': messageEvents,
  '202611241730_billing': billing,
  '202611241750_calls': calls,
  '202611241800_integrations': integrations,
  '202611241720_logs': logs,
  '202611241710_contacts_calendar': contactsCalendar,
  '202611241700_linkpages': linkpages,
};
