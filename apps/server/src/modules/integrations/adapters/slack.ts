import { callApi, IntegrationCallError, text, type AdapterContext, type IntegrationAdapter } from './http.ts';

/**
 * Slack Web API with a bot token (Authorization: Bearer xoxb-…). Slack answers 200 with
 * `{ok: false, error}` for most failures and 429 with Retry-After when rate limiting.
 */
const base = (ctx: AdapterContext) => ctx.deps.config.SLACK_API_URL.replace(/\/$/, '');

async function slack(ctx: AdapterContext, method: string, json: unknown) {
  const res = await callApi(ctx.deps, 'Slack', 'POST', `${base(ctx)}/${method}`, { bearer: ctx.credentials.botToken, json });
  const body = (res.body ?? {}) as { ok?: boolean; error?: string } & Record<string, unknown>;
  if (body.ok) return body;
  const error = text(body.error) || 'unknown_error';
  const auth = ['invalid_auth', 'not_authed', 'token_revoked', 'token_expired', 'account_inactive'].includes(error);
  throw new IntegrationCallError(
    auth ? `Slack refused the bot token (${error}); connect it again.` : `Slack said ${error}.`,
    res.status,
    auth ? 'auth' : 'rejected',
  );
}

export const slackAdapter: IntegrationAdapter = {
  async check(ctx) {
    try {
      const r = await slack(ctx, 'auth.test', {});
      return { valid: true, status: 200, message: `Connected to ${text(r.team) || 'Slack'} as ${text(r.user) || 'the bot'}.` };
    } catch (err) {
      if (err instanceof IntegrationCallError) return { valid: false, status: err.status, message: err.message };
      throw err;
    }
  },

  async run(ctx, fn, call) {
    if (fn !== 'slack_notify_team') throw new IntegrationCallError(`Slack has no function ${fn}.`, null, 'rejected');
    const channel = text(ctx.settings.channel);
    if (!channel) throw new IntegrationCallError('No Slack channel is set.', null, 'rejected');
    const reason = text(call.args.reason) || 'A conversation needs a person';
    const summary = text(call.args.summary) || call.message;
    const who = call.from ? ` from ${call.from}` : '';
    const r = await slack(ctx, 'chat.postMessage', {
      channel,
      text: `:raising_hand: ${reason}${who}\n> ${summary.slice(0, 2000)}`,
      unfurl_links: false,
    });
    return { ok: true, channel: text(r.channel) || channel, ts: text(r.ts), summary: 'I’ve told the team; someone will get back to you.' };
  },
};
