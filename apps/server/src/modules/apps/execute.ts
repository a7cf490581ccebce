import crypto from 'node:crypto';
import type { AppDefinition, CampaignData } from '@switchboard/core';
import { fromJson, toJson } from '../../platform/db/columns.ts';
import type { Db } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { insertOnce } from '../../platform/idempotency/index.ts';
import { ProviderError } from '../../platform/outbox/index.ts';
import { toE164 } from '../../platform/http/phone.ts';
import { AppError } from '../../platform/http/errors.ts';
import { isMcpSlug, runIntegrationFunction } from '../integrations/index.ts';
import { appParam, builtinApp, isIntegrationApp } from './builtins.ts';
import { appSecretBox, openAppSecret } from './secrets.ts';
import { agentBooking, agentManageBooking, type AgentManageResult } from '../calendar/index.ts';
import { findAccount } from '../accounts/index.ts';
import { callerContact, saveCallerContact } from '../contacts/index.ts';
import { agentRequestsRepository } from './repository.ts';
import { OutboundError, postJson } from '../../platform/http/outbound.ts';

/** Where a function call happens: the agent, the conversation, and a key that makes a retried turn safe. */
export interface FunctionContext {
  accountId: number;
  channel: 'chat' | 'sms' | 'voice' | 'test';
  conversation?: { roomId?: string; from?: string; to?: string };
  campaign: CampaignData;
  history: { role: 'user' | 'assistant'; content: string }[];
  message: string;
  /** Unique per function call of one turn; the same retried turn gives the same key. */
  idempotencyKey: string;
  /** Places a call from the organization's number for this agent (place_call); absent where calls cannot be placed. */
  placeCall?: (to: string, idempotencyKey: string) => Promise<{ callId: string; status: string; error: string | null }>;
}

export interface FunctionOutcome {
  ok: boolean;
  result: Record<string, unknown>;
}

const str = (v: unknown): string => (v == null ? '' : String(v).trim());
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DEFAULT_WEBHOOK_TIMEOUT_MS = 5000;
const MAX_WEBHOOK_TIMEOUT_MS = 15_000;

/** Records a request (message, transfer, appointment, send) once per idempotency key. */
async function record(
  deps: Deps,
  ctx: FunctionContext,
  kind: string,
  details: Record<string, unknown>,
  status = 'requested',
): Promise<{ id: number; details: Record<string, unknown>; repeated: boolean }> {
  const once = await insertOnce(
    () =>
      agentRequestsRepository.insert(deps.db, {
        account_id: ctx.accountId,
        kind,
        channel: ctx.channel,
        room_id: ctx.conversation?.roomId ?? null,
        details: toJson(details),
        status,
        idempotency_key: ctx.idempotencyKey,
        created_at: Date.now(),
      }),
    () => agentRequestsRepository.byKey(deps.db, ctx.idempotencyKey),
  );
  return once.repeated
    ? { id: once.row.id, details: fromJson(once.row.details, {}), repeated: true }
    : { id: once.row.id, details, repeated: false };
}

async function setStatus(deps: Deps, id: number, status: string) {
  await agentRequestsRepository.setStatus(deps.db, id, status);
}

/** The number in E.164, or '' when there is none or it is not a phone number (the function says so in words). */
function e164OrEmpty(raw: string): string {
  try {
    return raw ? toE164(raw, 'to') : '';
  } catch {
    return '';
  }
}

const fail = (error: string): FunctionOutcome => ({ ok: false, result: { ok: false, error } });

type Handler = (deps: Deps, ctx: FunctionContext, app: AppDefinition, args: Record<string, unknown>) => Promise<FunctionOutcome>;

/**
 * Who is asking to change a booking: on a call or a text, the number they use (what they say is ignored,
 * so nobody moves another person's booking by naming their number); in a chat, what they give.
 */
function caller(ctx: FunctionContext, args: Record<string, unknown>) {
  const phone = ctx.channel === 'voice' || ctx.channel === 'sms' ? ctx.conversation?.from : str(args.phone) || ctx.conversation?.from;
  return { phone: phone || null, email: str(args.email) || null };
}

const manage =
  (kind: 'find' | 'cancel' | 'reschedule'): Handler =>
  async (deps, ctx, _app, args) => {
    const bookingId = Number.isInteger(Number(args.bookingId)) && args.bookingId != null ? Number(args.bookingId) : undefined;
    if (kind === 'reschedule' && !str(args.time)) return fail('the caller did not say when');
    const action = kind === 'find' ? { kind } : kind === 'cancel' ? { kind, bookingId } : { kind, bookingId, time: str(args.time) };
    // A retried turn must not cancel or move twice: the first outcome is recorded under the turn's key.
    const r = await record(deps, ctx, `schedule.${kind}`, { ...action, ...caller(ctx, args) });
    const before = r.details.outcome as AgentManageResult | undefined;
    if (r.repeated) return { ok: before?.ok ?? true, result: { requestId: r.id, ...before } };
    const outcome = await agentManageBooking(deps, ctx.accountId, action, caller(ctx, args));
    await agentRequestsRepository.setDetails(deps.db, r.id, toJson({ ...r.details, outcome }), outcome.ok ? 'done' : 'offered');
    return { ok: outcome.ok, result: { requestId: r.id, ...outcome } };
  };

/** The organization whose contacts an agent reads: its own (an agent account shares its organization's). */
async function contactsOrgOfAgent(deps: Deps, accountId: number): Promise<number | null> {
  const a = await findAccount(deps.db, accountId);
  return a ? (a.organization_id ?? a.id) : null;
}

const contactView = (c: { id: number; name: string; emails: string[]; phones: string[]; notes: string; tags: string[] }) => ({
  contactId: c.id,
  name: c.name,
  phones: c.phones,
  emails: c.emails,
  notes: c.notes,
  tags: c.tags,
});

const handlers: Record<string, Handler> = {
  async get_contact(deps, ctx, _app, args) {
    const orgId = await contactsOrgOfAgent(deps, ctx.accountId);
    const who = caller(ctx, args);
    if (!orgId || (!who.phone && !who.email)) return fail('I need the phone number or e-mail address to look you up.');
    const c = await callerContact(deps.db, orgId, who);
    if (!c) return { ok: true, result: { ok: true, found: false, summary: 'There is no saved contact for this caller yet.' } };
    return { ok: true, result: { ok: true, found: true, ...contactView(c), summary: `This is ${c.name}.` } };
  },

  async save_contact(deps, ctx, _app, args) {
    const orgId = await contactsOrgOfAgent(deps, ctx.accountId);
    const who = caller(ctx, args);
    const said = {
      name: str(args.name) || undefined,
      email: EMAIL.test(str(args.email)) ? str(args.email) : undefined,
      note: str(args.note) || undefined,
    };
    if (!orgId || (!who.phone && !who.email && !said.email))
      return fail('I need the phone number or e-mail address to save the details to.');
    if (!said.name && !said.email && !said.note) return fail('there is nothing to save');
    // A retried turn saves once: the outcome is recorded under the turn's key.
    const r = await record(deps, ctx, 'contact.save', { ...said, ...who });
    if (r.repeated) return { ok: true, result: { ok: true, requestId: r.id, ...(r.details.saved as object), summary: 'Saved.' } };
    const c = await saveCallerContact(deps.db as Db, orgId, { phone: who.phone, email: who.email ?? said.email ?? null }, said);
    if (!c) return fail('I need the phone number or e-mail address to save the details to.');
    await agentRequestsRepository.setDetails(deps.db, r.id, toJson({ ...r.details, saved: contactView(c) }), 'done');
    return { ok: true, result: { ok: true, requestId: r.id, ...contactView(c), summary: `Saved to ${c.name}'s contact.` } };
  },

  find_appointment: manage('find'),
  reschedule_appointment: manage('reschedule'),
  cancel_appointment: manage('cancel'),

  async book_appointment(deps, ctx, _app, args) {
    const time = str(args.time);
    if (!time) return fail('the caller did not say when');
    const details = {
      name: str(args.name) || null,
      phone: str(args.phone) || ctx.conversation?.from || null,
      time,
      reason: str(args.reason) || null,
    };
    const r = await record(deps, ctx, 'schedule', details);
    // With a schedule kept by the organization: real free slots and a real booking (modules/calendar).
    const real = r.repeated ? null : await agentBooking(deps, ctx.accountId, details);
    if (real) {
      await setStatus(deps, r.id, real.booked ? 'booked' : 'offered');
      return { ok: true, result: { requestId: r.id, ...details, ...real } };
    }
    return {
      ok: true,
      result: {
        ok: true,
        requestId: r.id,
        ...details,
        summary: `I've requested an appointment for ${time}. The team will confirm it with you.`,
      },
    };
  },

  async transfer_call(deps, ctx, app, args) {
    const destination = str(args.destination) || str(appParam(app, 'destination')) || null;
    const confirm = ctx.campaign.confirmTransfers;
    const details = { reason: str(args.reason) || ctx.message, destination, from: ctx.conversation?.from ?? null, confirm };
    const r = await record(deps, ctx, 'transfer', details, confirm ? 'awaiting_confirmation' : 'requested');
    return {
      ok: true,
      result: {
        ok: true,
        requestId: r.id,
        ...details,
        summary: confirm
          ? "I've asked a team member to confirm the transfer; please hold on."
          : "I'm transferring you to a member of the team now.",
      },
    };
  },

  async take_message(deps, ctx, app, args) {
    const message = str(args.message) || ctx.message;
    const details = { name: str(args.name) || null, phone: str(args.phone) || ctx.conversation?.from || null, message };
    const r = await record(deps, ctx, 'message', details);
    const notify = str(appParam(app, 'email'));
    if (notify && EMAIL.test(notify)) {
      await deps.email.send({
        to: notify,
        subject: `New message${details.name ? ` from ${details.name}` : ''}`,
        text: `Your agent took a message.\n\nName: ${details.name ?? '-'}\nPhone: ${details.phone ?? '-'}\n\n${message}`,
        idempotencyKey: `agent-message:${r.id}`,
      });
    }
    return {
      ok: true,
      result: { ok: true, requestId: r.id, ...details, summary: "I've taken your message and passed it on to the team." },
    };
  },

  async place_call(deps, ctx, _app, args) {
    const raw = str(args.to) || ctx.conversation?.from || '';
    const to = e164OrEmpty(raw);
    if (!to) return fail(raw ? `${raw} is not a phone number that can be called` : 'there is no phone number to call');
    if (!ctx.placeCall) return fail('calls cannot be placed from here');
    const r = await record(deps, ctx, 'call', { to, reason: str(args.reason) || null });
    try {
      // The turn's key: a retried turn finds the same call instead of dialling again.
      const placed = await ctx.placeCall(to, ctx.idempotencyKey);
      const ok = placed.status !== 'failed' && placed.status !== 'no-answer';
      await setStatus(deps, r.id, ok ? 'sent' : 'failed');
      if (!ok) return fail(placed.error ?? 'the call did not connect');
      return { ok: true, result: { ok: true, requestId: r.id, callId: placed.callId, to, summary: `I'm calling ${to} now.` } };
    } catch (err) {
      await setStatus(deps, r.id, 'failed');
      if (err instanceof AppError) return fail(err.message);
      throw err;
    }
  },

  async send_sms(deps, ctx, _app, args) {
    const raw = str(args.to) || ctx.conversation?.from || '';
    const body = str(args.body) || str(args.message);
    const to = e164OrEmpty(raw);
    if (!to) return fail(raw ? `${raw} is not a phone number that can get texts` : 'there is no phone number to text');
    if (!body) return fail('the text is empty');
    const r = await record(deps, ctx, 'sms', { to, body });
    try {
      await deps.carrier.sendSms({
        to,
        body,
        ...(ctx.conversation?.to ? { from: ctx.conversation.to } : {}),
        idempotencyKey: ctx.idempotencyKey,
      });
    } catch (err) {
      await setStatus(deps, r.id, 'failed');
      if (err instanceof ProviderError) return fail(err.message);
      throw err;
    }
    await setStatus(deps, r.id, 'sent');
    return { ok: true, result: { ok: true, requestId: r.id, to, summary: `I've sent a text to ${to}.` } };
  },

  async send_email(deps, ctx, app, args) {
    const to = str(args.to) || str(appParam(app, 'to'));
    const body = str(args.body) || str(args.message) || ctx.message;
    if (!to || !EMAIL.test(to)) return fail('there is no valid e-mail address to write to');
    const subject = str(args.subject) || 'A message from your agent';
    const r = await record(deps, ctx, 'email', { to, subject, body });
    try {
      await deps.email.send({ to, subject, text: body, idempotencyKey: ctx.idempotencyKey });
    } catch (err) {
      await setStatus(deps, r.id, 'failed');
      if (err instanceof ProviderError) return fail(err.message);
      throw err;
    }
    await setStatus(deps, r.id, 'sent');
    return { ok: true, result: { ok: true, requestId: r.id, to, summary: `I've sent an e-mail to ${to}.` } };
  },
};

/** Custom apps and the webhook app: POST the call and the conversation to the app's URL. */
async function callWebhook(
  deps: Deps,
  ctx: FunctionContext,
  app: AppDefinition,
  fn: string,
  args: Record<string, unknown>,
): Promise<FunctionOutcome> {
  const url = str(appParam(app, 'url'));
  if (!url) return fail('the webhook has no URL configured');
  const t = Number(appParam(app, 'timeoutMs'));
  const timeoutMs = Number.isFinite(t) && t > 0 ? Math.min(t, MAX_WEBHOOK_TIMEOUT_MS) : DEFAULT_WEBHOOK_TIMEOUT_MS;
  const secret = str(openAppSecret(appParam(app, 'secret'), appSecretBox(deps.config)));
  const payload = {
    function: fn,
    appId: app.appId,
    arguments: args,
    accountId: ctx.accountId,
    channel: ctx.channel,
    conversation: { ...ctx.conversation, message: ctx.message, history: ctx.history },
  };
  try {
    const res = await postJson(url, payload, {
      timeoutMs,
      allowHosts: deps.config.WEBHOOK_ALLOW_HOSTS,
      headers: { 'idempotency-key': ctx.idempotencyKey, ...(secret ? { 'x-webhook-secret': secret } : {}) },
    });
    const ok = res.status >= 200 && res.status < 300;
    const summary = (res.body as { summary?: unknown } | null)?.summary;
    return {
      ok,
      result: ok
        ? {
            ok: true,
            status: res.status,
            response: res.body,
            summary: typeof summary === 'string' ? summary : 'Done: I’ve passed that on.',
          }
        : { ok: false, status: res.status, error: `the webhook answered ${res.status}` },
    };
  } catch (err) {
    if (err instanceof OutboundError) return fail(err.message.replace(/\.$/, ''));
    throw err;
  }
}

/** Runs one function of an app. Built-ins run here, integrations' in their module; other apps' functions go to the app's webhook. */
export async function runFunction(
  deps: Deps,
  ctx: FunctionContext,
  app: AppDefinition,
  fn: string,
  args: Record<string, unknown>,
): Promise<FunctionOutcome> {
  if (!app.appData.functions.some((f) => f.name === fn)) return fail(`${app.appId} has no function ${fn}`);
  if ((app.builtIn && isIntegrationApp(app.appId)) || isMcpSlug(app.appId)) return runIntegrationFunction(deps, ctx, app.appId, fn, args);
  const builtIn = builtinApp(app.appId, app.appVersion);
  const handler = builtIn && fn !== 'call_webhook' ? handlers[fn] : undefined;
  return handler ? handler(deps, ctx, app, args) : callWebhook(deps, ctx, app, fn, args);
}

export function turnKey(accountId: number, roomId: string | undefined, turn: number, message: string): string {
  // Without a conversation there is nothing to retry against: every turn gets its own key.
  const room = roomId ?? crypto.randomUUID();
  const h = crypto.createHash('sha256').update(`${room}\n${turn}\n${message}`).digest('hex').slice(0, 24);
  return `agent:${accountId}:${h}`;
}
