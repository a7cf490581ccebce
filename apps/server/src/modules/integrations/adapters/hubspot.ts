import type { WebhookResult } from '../../../platform/http/outbound.ts';
import { callApi, IntegrationCallError, text, type AdapterContext, type CheckResult, type IntegrationAdapter } from './http.ts';

/**
 * HubSpot CRM v3 with OAuth 2.0: the access token as bearer; when HubSpot refuses it (401) and a
 * refresh token is stored, one refresh at /oauth/v1/token (grant_type=refresh_token), the new tokens
 * sealed and stored, and the call made again. A private app token works the same without refresh.
 */
const base = (ctx: AdapterContext) => ctx.deps.config.HUBSPOT_API_URL.replace(/\/$/, '');
/** HubSpot's association types: a note to a contact, a call to a contact. */
const NOTE_TO_CONTACT = 202;
const CALL_TO_CONTACT = 194;

async function refresh(ctx: AdapterContext): Promise<boolean> {
  const { refreshToken, clientId, clientSecret } = ctx.credentials;
  const id = clientId ?? text(ctx.settings.clientId);
  if (!refreshToken || !id || !clientSecret) return false;
  const res = await callApi(ctx.deps, 'HubSpot', 'POST', `${base(ctx)}/oauth/v1/token`, {
    form: { grant_type: 'refresh_token', client_id: id, client_secret: clientSecret, refresh_token: refreshToken },
  });
  const body = (res.body ?? {}) as { access_token?: string; refresh_token?: string };
  if (!body.access_token) throw new IntegrationCallError('HubSpot gave no access token on refresh.', res.status, 'auth');
  const next = { ...ctx.credentials, accessToken: body.access_token, refreshToken: body.refresh_token ?? refreshToken };
  await ctx.saveCredentials(next);
  ctx.credentials = next;
  return true;
}

async function hubspot(ctx: AdapterContext, method: 'GET' | 'POST' | 'PATCH', path: string, json?: unknown): Promise<WebhookResult> {
  const go = () => callApi(ctx.deps, 'HubSpot', method, `${base(ctx)}${path}`, { bearer: ctx.credentials.accessToken, json });
  try {
    return await go();
  } catch (err) {
    if (err instanceof IntegrationCallError && err.status === 401 && (await refresh(ctx))) return go();
    throw err;
  }
}

async function findContact(ctx: AdapterContext, email: string, phone: string): Promise<string | null> {
  const filters = email ? { propertyName: 'email', operator: 'EQ', value: email } : { propertyName: 'phone', operator: 'EQ', value: phone };
  const res = await hubspot(ctx, 'POST', '/crm/v3/objects/contacts/search', {
    filterGroups: [{ filters: [filters] }],
    properties: ['email', 'phone'],
    limit: 1,
  });
  const first = (res.body as { results?: { id: string }[] } | null)?.results?.[0];
  return first ? String(first.id) : null;
}

function who(call: { args: Record<string, unknown>; from?: string }) {
  const email = text(call.args.email).toLowerCase();
  const phone = text(call.args.phone) || (call.from?.startsWith('+') ? call.from : '');
  if (!email && !phone)
    throw new IntegrationCallError('An e-mail address or phone number is needed to find the contact.', null, 'rejected');
  return { email, phone };
}

/**
 * Logs the call as a HubSpot call engagement (CRM v3 `POST /crm/v3/objects/calls`: hs_timestamp,
 * hs_call_body, hs_call_direction, hs_call_duration in ms, hs_call_status COMPLETED, the numbers)
 * associated to the caller's contact, which is created first when HubSpot has none.
 */
async function logCall(
  ctx: AdapterContext,
  call: { args: Record<string, unknown>; message: string; from?: string },
  email: string,
  phone: string,
) {
  let id = await findContact(ctx, email, phone);
  if (!id) {
    const properties: Record<string, string> = {};
    if (email) properties.email = email;
    if (phone) properties.phone = phone;
    const made = await hubspot(ctx, 'POST', '/crm/v3/objects/contacts', { properties });
    id = String((made.body as { id?: unknown }).id ?? '');
  }
  const direction = text(call.args.direction).toUpperCase() === 'OUTBOUND' ? 'OUTBOUND' : 'INBOUND';
  const seconds = Number(call.args.durationSec);
  const properties: Record<string, string> = {
    hs_timestamp: new Date().toISOString(),
    hs_call_title: direction === 'INBOUND' ? 'Call from the AI agent’s line' : 'Call by the AI agent',
    hs_call_body: (text(call.args.summary) || call.message).slice(0, 5000),
    hs_call_direction: direction,
    hs_call_status: 'COMPLETED',
  };
  if (Number.isFinite(seconds) && seconds > 0) properties.hs_call_duration = String(Math.round(seconds * 1000));
  if (phone) properties[direction === 'INBOUND' ? 'hs_call_from_number' : 'hs_call_to_number'] = phone;
  const res = await hubspot(ctx, 'POST', '/crm/v3/objects/calls', {
    properties,
    associations: [{ to: { id }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: CALL_TO_CONTACT }] }],
  });
  return { ok: true, contactId: id, callId: String((res.body as { id?: unknown }).id ?? ''), summary: 'I’ve logged this call.' };
}

export const hubspotAdapter: IntegrationAdapter = {
  async check(ctx): Promise<CheckResult> {
    try {
      const res = await hubspot(ctx, 'GET', '/crm/v3/objects/contacts?limit=1');
      return { valid: true, status: res.status, message: 'HubSpot accepted the token.' };
    } catch (err) {
      if (err instanceof IntegrationCallError) return { valid: false, status: err.status, message: err.message };
      throw err;
    }
  },

  async run(ctx, fn, call) {
    const { email, phone } = who(call);
    if (fn === 'hubspot_upsert_contact') {
      const properties: Record<string, string> = {};
      if (email) properties.email = email;
      if (phone) properties.phone = phone;
      for (const k of ['firstname', 'lastname']) if (text(call.args[k])) properties[k] = text(call.args[k]);
      const id = await findContact(ctx, email, phone);
      if (id) {
        await hubspot(ctx, 'PATCH', `/crm/v3/objects/contacts/${encodeURIComponent(id)}`, { properties });
        return { ok: true, contactId: id, created: false, summary: 'I’ve updated your details.' };
      }
      const res = await hubspot(ctx, 'POST', '/crm/v3/objects/contacts', { properties });
      return { ok: true, contactId: String((res.body as { id?: unknown }).id ?? ''), created: true, summary: 'I’ve saved your details.' };
    }
    if (fn === 'hubspot_add_note') {
      const note = text(call.args.note) || call.message;
      const id = await findContact(ctx, email, phone);
      if (!id) throw new IntegrationCallError('There is no HubSpot contact with that e-mail or phone.', 404, 'rejected');
      const res = await hubspot(ctx, 'POST', '/crm/v3/objects/notes', {
        properties: { hs_note_body: note.slice(0, 5000), hs_timestamp: new Date().toISOString() },
        associations: [{ to: { id }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: NOTE_TO_CONTACT }] }],
      });
      return { ok: true, contactId: id, noteId: String((res.body as { id?: unknown }).id ?? ''), summary: 'I’ve noted that.' };
    }
    if (fn === 'hubspot_log_call') return logCall(ctx, call, email, phone);
    throw new IntegrationCallError(`HubSpot has no function ${fn}.`, null, 'rejected');
  },
};
