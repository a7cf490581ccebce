import { callApi, IntegrationCallError, text, type AdapterContext, type IntegrationAdapter } from './http.ts';

/**
 * Freshdesk API v2 with an API key (HTTP Basic: the key as user name, `X` as password). A ticket needs
 * the requester's e-mail or phone; it opens as status 2 (open), priority 1 (low).
 */
const base = (ctx: AdapterContext) => `${text(ctx.settings.apiUrl).replace(/\/$/, '')}/api/v2`;
const auth = (ctx: AdapterContext): [string, string] => [ctx.credentials.apiKey ?? '', 'X'];

export const freshdeskAdapter: IntegrationAdapter = {
  async check(ctx) {
    try {
      const res = await callApi(ctx.deps, 'Freshdesk', 'GET', `${base(ctx)}/tickets?per_page=1`, { basic: auth(ctx) });
      return { valid: true, status: res.status, message: 'Freshdesk accepted the API key.' };
    } catch (err) {
      if (err instanceof IntegrationCallError) return { valid: false, status: err.status, message: err.message };
      throw err;
    }
  },

  async run(ctx, fn, call) {
    if (fn !== 'freshdesk_open_ticket') throw new IntegrationCallError(`Freshdesk has no function ${fn}.`, null, 'rejected');
    const email = text(call.args.email);
    const phone = text(call.args.phone) || call.from || '';
    if (!email && !phone) throw new IntegrationCallError('An e-mail address or phone number is needed to open a ticket.', null, 'rejected');
    const subject = (text(call.args.subject) || 'Request from a caller').slice(0, 255);
    const res = await callApi(ctx.deps, 'Freshdesk', 'POST', `${base(ctx)}/tickets`, {
      basic: auth(ctx),
      json: {
        subject,
        description: (text(call.args.description) || call.message).slice(0, 10_000),
        ...(email ? { email } : { phone, name: phone }),
        status: 2,
        priority: 1,
      },
    });
    const id = (res.body as { id?: unknown } | null)?.id;
    return {
      ok: true,
      ticketId: id ?? null,
      summary: `I’ve opened a ticket${id != null ? ` (number ${String(id)})` : ''}; the team will follow up.`,
    };
  },
};
