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
import * as callsLive from './202611242000_calls_live.ts';
import * as callsUsageItem from './202611242210_calls_usage_item.ts';
import * as payoutsUsage from './202611242040_payouts_usage.ts';
import * as logsTimeOrder from './202611242050_logs_time_order.ts';
import * as bookingManage from './202611242050_booking_manage.ts';
import * as numbers from './202611242030_numbers.ts';
import * as linkpagesCampaigns from './202611242100_linkpages_campaigns.ts';
import * as webhookOutbox from './202611242110_webhook_outbox.ts';
import * as callsAlive from './202611250010_calls_alive.ts';
import * as callsTurnTimings from './202611271400_calls_turn_timings.ts';
import * as llmConnections from './202611271400_llm_connections.ts';
import * as agentTests from './202611271810_agent_tests.ts';
import * as analysis from './202611271820_analysis.ts';
import * as referralInviteCodes from './202611242230_referral_invite_codes.ts';
import * as referralRewardsPaid from './202611271400_referral_rewards_paid.ts';
import * as invoiceUnitSlug from './202611271830_invoice_unit_slug.ts';
import * as needsPersonPartial from './202611280100_needs_person_partial.ts';
import * as agentAppsSecrets from './202611242120_agent_apps_secrets.ts';
import * as sip from './202611242020_sip.ts';
import * as calendarConnections from './202611242050_calendar_connections.ts';
import * as disputes from './202611242200_disputes.ts';
import * as ledgerTransferFunction from './202611280100_ledger_transfer_function.ts';
import * as jobLanes from './202611280110_job_lanes.ts';

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
  '202611242000_calls_live': callsLive,
  '202611242040_payouts_usage': payoutsUsage,
  '202611242050_logs_time_order': logsTimeOrder,
  '202611242050_booking_manage': bookingManage,
  '202611242030_numbers': numbers,
  '202611242100_linkpages_campaigns': linkpagesCampaigns,
  '202611242110_webhook_outbox': webhookOutbox,
  '202611242120_agent_apps_secrets': agentAppsSecrets,
  '202611242020_sip': sip,
  '202611242050_calendar_connections': calendarConnections,
  '202611242210_calls_usage_item': callsUsageItem,
  '202611242230_referral_invite_codes': referralInviteCodes,
  '202611242200_disputes': disputes,
  '202611250010_calls_alive': callsAlive,
  '202611271400_referral_rewards_paid': referralRewardsPaid,
  '202611271400_calls_turn_timings': callsTurnTimings,
  '202611271400_llm_connections': llmConnections,
  '202611271810_agent_tests': agentTests,
  '202611271820_analysis': analysis,
  '202611271830_invoice_unit_slug': invoiceUnitSlug,
  '202611280100_needs_person_partial': needsPersonPartial,
  '202611280100_ledger_transfer_function': ledgerTransferFunction,
  '202611280110_job_lanes': jobLanes,
};
