import { callApi, IntegrationCallError, text, type AdapterContext, type IntegrationAdapter } from './http.ts';

/**
 * The job-management integration (spec §7): direct calls to the service's settings and team, the
 * integration token as bearer, each with a targetDate (YYYY-MM-DD). A failure reads `valid: false` with
 * the status (spec §8).
 */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const today = () => new Date().toISOString().slice(0, 10);
const url = (ctx: AdapterContext, path: string) => `${text(ctx.settings.apiUrl).replace(/\/$/, '')}/${path}`;

export async function jobsCall(ctx: AdapterContext, path: 'settings' | 'team', targetDate: string) {
  const res = await callApi(ctx.deps, 'The job service', 'POST', url(ctx, path), { bearer: ctx.credentials.token, json: { targetDate } });
  return res.body;
}

export const jobsAdapter: IntegrationAdapter = {
  async check(ctx) {
    try {
      await jobsCall(ctx, 'settings', today());
      return { valid: true, status: 200, message: 'The job service accepted the token.' };
    } catch (err) {
      if (err instanceof IntegrationCallError) return { valid: false, status: err.status, message: err.message };
      throw err;
    }
  },

  async run(ctx, fn, call) {
    if (fn !== 'jobs_team_availability') throw new IntegrationCallError(`The job service has no function ${fn}.`, null, 'rejected');
    const targetDate = text(call.args.targetDate) || today();
    if (!DATE.test(targetDate)) throw new IntegrationCallError('targetDate must be a date as YYYY-MM-DD.', null, 'rejected');
    const body = (await jobsCall(ctx, 'team', targetDate)) as { team?: unknown } | unknown[] | null;
    const team = Array.isArray(body) ? body : Array.isArray((body as { team?: unknown })?.team) ? (body as { team: unknown[] }).team : [];
    const names = team.map((m) => text((m as { name?: unknown })?.name)).filter(Boolean);
    return {
      ok: true,
      valid: true,
      targetDate,
      team,
      summary: names.length ? `On ${targetDate} these people are available: ${names.join(', ')}.` : `Nobody is available on ${targetDate}.`,
    };
  },
};
