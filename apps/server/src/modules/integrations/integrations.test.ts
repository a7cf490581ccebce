import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { attributionFor } from './index.ts';
import { fakeFreshdesk, fakeHubspot, fakeJobs, fakeSlack } from '../../testing/fakes/server.ts';

let t: TestApp;
let owner: Session;
let slack: Awaited<ReturnType<typeof fakeSlack>>;
let hubspot: Awaited<ReturnType<typeof fakeHubspot>>;
let jobs: Awaited<ReturnType<typeof fakeJobs>>;
let freshdesk: Awaited<ReturnType<typeof fakeFreshdesk>>;

beforeAll(async () => {
  slack = await fakeSlack(['xoxb-good']);
  hubspot = await fakeHubspot({ accessTokens: ['hs-good'], refreshToken: 'hs-refresh', clientSecret: 'hs-secret' });
  jobs = await fakeJobs('jobs-token');
  freshdesk = await fakeFreshdesk('fd-key');
  t = await createTestApp({ SLACK_API_URL: slack.url, HUBSPOT_API_URL: hubspot.url, WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  owner = await t.signUp('owner@integrations.test');
});
afterAll(async () => {
  await t.close();
  await Promise.all([slack.close(), hubspot.close(), jobs.close(), freshdesk.close()]);
});

const connect = (slug: string, appData: Record<string, unknown>, token = owner.token) =>
  t.request('POST', `/api/v2/integration/${slug}`, { token, body: { appData } });
const enable = (slug: string, fns: string[]) =>
  t.request('POST', '/api/v2/campaign', {
    token: owner.token,
    body: { apps: [{ appId: slug, version: '1' }], enabledFunctions: { [`${slug}:1`]: fns } },
  });
const say = (promptText: string) =>
  t.request('POST', '/api/v1/agent/runPrompt', { token: owner.token, body: { targetAgent: owner.id, promptText } });

describe('the catalog', () => {
  it('lists each integration with its auth kind, fields and functions, not connected', async () => {
    const res = await t.request('GET', '/api/v2/integrations', { token: owner.token });
    expect(res.status).toBe(200);
    const bySlug = Object.fromEntries(res.body.integrations.map((i: any) => [i.integrationSlug, i]));
    expect(bySlug.slack).toMatchObject({ authKind: 'bearer', connected: false, health: { lastSuccessAt: null, lastError: null } });
    expect(bySlug.hubspot.authKind).toBe('oauth2');
    expect(bySlug.freshdesk.authKind).toBe('apiKey');
    expect(bySlug.jobs.fields.map((f: any) => f.name)).toEqual(['apiUrl', 'token']);
    expect(bySlug.slack.functions.map((f: any) => f.name)).toEqual(['slack_notify_team']);
  });

  it('answers a malformed slug and body with a 400 naming the field', async () => {
    expect((await t.request('GET', '/api/v2/integration/Not_A_Slug', { token: owner.token })).body.field).toBe('slug');
    const bad = await t.request('POST', '/api/v2/integration/slack', { token: owner.token, body: { appData: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('appData');
  });
});

describe('settings of a slug outside the catalog (as onboarding saves them)', () => {
  it('saves per slug, seals and masks secrets, merges, and removes keys set to null', async () => {
    // A slug outside the catalog that nothing was saved under is no integration (404), not an empty one.
    const empty = await t.request('GET', '/api/v2/integration/calendly', { token: owner.token });
    expect(empty.status).toBe(404);
    const saved = await connect('calendly', { userPAT: 'pat-123', accessToken: 'tok', eventType: 'intro' });
    expect(saved.body).toMatchObject({ connected: true, appData: { userPAT: '••••••••', accessToken: '••••••••', eventType: 'intro' } });
    await connect('calendly', { accessToken: '••••••••', eventType: null });
    const row = await t.database.db
      .selectFrom('integrations')
      .selectAll()
      .where('account_id', '=', owner.id)
      .where('slug', '=', 'calendly')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('pat-123');
    expect(row.credentials).toMatch(/^v1:/);
    const read = await t.request('GET', '/api/v2/integration/calendly', { token: owner.token });
    expect(read.body.appData).toEqual({ userPAT: '••••••••', accessToken: '••••••••' });
  });
});

describe('Slack', () => {
  it('connects with a bot token, stored encrypted and shown masked, and is healthy', async () => {
    const res = await connect('slack', { botToken: 'xoxb-good', channel: '#front-desk' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ connected: true, appData: { botToken: '••••••••', channel: '#front-desk' } });
    expect(res.body.health.lastSuccessAt).toEqual(expect.any(Number));
    expect(JSON.stringify(res.body)).not.toContain('xoxb-good');
    expect(slack.seen.at(-1)).toMatchObject({ path: '/auth.test', headers: { authorization: 'Bearer xoxb-good' } });

    const row = await t.database.db
      .selectFrom('integrations')
      .selectAll()
      .where('account_id', '=', owner.id)
      .where('slug', '=', 'slack')
      .executeTakeFirstOrThrow();
    expect(row.credentials).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain('xoxb-good');
    const key = path.join(t.dataDir, 'secrets.key');
    expect(fs.statSync(key).mode & 0o777).toBe(0o600);

    // Saving the masked value back keeps the token.
    const again = await connect('slack', { botToken: '••••••••', channel: '#desk' });
    expect(again.body).toMatchObject({ connected: true, appData: { channel: '#desk' } });
    expect(slack.seen.at(-1)!.headers.authorization).toBe('Bearer xoxb-good');
  });

  it('adds its function to the agent, which posts to the channel once per turn', async () => {
    const fns = await t.request('GET', '/api/v2/agent/functions', { token: owner.token });
    expect(fns.body.functions.find((f: any) => f.name === 'slack_notify_team')).toMatchObject({ appId: 'slack', added: false });
    expect((await enable('slack', ['slack_notify_team'])).status).toBe(200);

    const r = await say('This is urgent, I need a human');
    expect(r.body.functionCalls[0]).toMatchObject({ name: 'slack_notify_team', appId: 'slack', ok: true, result: { channel: 'C0123' } });
    expect(slack.messages.at(-1)).toMatchObject({ channel: '#desk', text: expect.stringContaining('urgent') });
  });

  it('reports a revoked token, the API down and a rate limit in the result and the health', async () => {
    slack.failNext({ status: 503, body: { ok: false } });
    const down = await say('This is urgent, please');
    expect(down.body.functionCalls[0]).toMatchObject({ ok: false, result: { status: 503, error: expect.stringContaining('unavailable') } });

    slack.failNext({ status: 429, body: { ok: false, error: 'ratelimited' }, headers: { 'retry-after': '30' } });
    const limited = await say('urgent again');
    expect(limited.body.functionCalls[0].result).toMatchObject({ status: 429, retryAfterSec: 30 });

    const health = await t.request('GET', '/api/v2/integration/slack', { token: owner.token });
    expect(health.body.health.lastError).toContain('rate limiting');

    slack.failNext({ status: 200, body: { ok: false, error: 'token_revoked' } });
    const check = await t.request('POST', '/api/v2/integration/slack/check', { token: owner.token });
    expect(check.body).toMatchObject({ valid: false, message: expect.stringContaining('token_revoked') });
  });
});

describe('HubSpot', () => {
  it('refreshes an expired access token (OAuth 2.0) and upserts the contact by e-mail, then adds a note', async () => {
    const res = await connect('hubspot', {
      accessToken: 'hs-expired',
      refreshToken: 'hs-refresh',
      clientId: 'client-1',
      clientSecret: 'hs-secret',
    });
    expect(res.body).toMatchObject({
      connected: true,
      appData: { accessToken: '••••••••', refreshToken: '••••••••', clientId: 'client-1' },
    });
    expect(res.body.health.lastSuccessAt).toEqual(expect.any(Number));
    const refresh = hubspot.seen.find((r) => r.path === '/oauth/v1/token')!;
    expect(refresh.body).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'hs-refresh', client_id: 'client-1' });

    await enable('hubspot', ['hubspot_upsert_contact', 'hubspot_add_note']);
    const first = await t.services.agentRuntime.respond({
      accountId: owner.id,
      copy: 'staging',
      history: [],
      message: 'add me, my email is ana@example.com',
      channel: 'chat',
    });
    expect(first.functionCalls[0]).toMatchObject({ name: 'hubspot_upsert_contact', ok: true, result: { created: true } });
    const second = await t.services.agentRuntime.respond({
      accountId: owner.id,
      copy: 'staging',
      history: [{ role: 'user', content: 'hi' }],
      message: 'add me, my email is ana@example.com',
      channel: 'chat',
    });
    expect(second.functionCalls[0]).toMatchObject({ ok: true, result: { created: false } });
    expect(hubspot.contacts.size).toBe(1);
    // The refreshed token was stored: no second refresh.
    expect(hubspot.seen.filter((r) => r.path === '/oauth/v1/token')).toHaveLength(1);
    expect(hubspot.seen.at(-1)!.headers.authorization).toMatch(/^Bearer access-/);

    const note = await t.services.agentRuntime.respond({
      accountId: owner.id,
      copy: 'staging',
      history: [],
      message: 'for the record, ana@example.com wants a quote',
      channel: 'chat',
    });
    expect(note.functionCalls[0]).toMatchObject({ name: 'hubspot_add_note', ok: true });
    expect(hubspot.notes[0]!.body).toContain('quote');
  });

  it('says the credentials expired when there is no refresh token', async () => {
    const res = await connect('hubspot', { accessToken: 'hs-old', refreshToken: null });
    expect(res.body.health.lastError).toContain('refused the credentials (401)');
  });
});

describe('Freshdesk', () => {
  it('connects with an API key (Basic auth) and opens a ticket for the caller; a wrong key is refused', async () => {
    const wrong = await connect('freshdesk', { apiUrl: freshdesk.url, apiKey: 'nope' });
    expect(wrong.body.health.lastError).toContain('refused the credentials (401)');
    const res = await connect('freshdesk', { apiKey: 'fd-key' });
    expect(res.body).toMatchObject({ connected: true, authKind: 'apiKey', appData: { apiKey: '••••••••' } });
    expect(res.body.health.lastSuccessAt).toEqual(expect.any(Number));
    await enable('freshdesk', ['freshdesk_open_ticket']);
    const r = await t.services.agentRuntime.respond({
      accountId: owner.id,
      copy: 'staging',
      history: [],
      message: 'please open a ticket, my email is bo@example.com',
      channel: 'chat',
    });
    expect(r.functionCalls[0]).toMatchObject({ name: 'freshdesk_open_ticket', ok: true, result: { ticketId: 1 } });
    expect(freshdesk.tickets[0]).toMatchObject({ email: 'bo@example.com', status: 2, priority: 1 });
  });
});

describe('the job-management integration', () => {
  it('calls settings and team with the token as bearer and a targetDate; valid false with the status on failure', async () => {
    const bad = await connect('jobs', { apiUrl: 'http://10.0.0.9/api' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('appData.apiUrl');

    const res = await connect('jobs', { apiUrl: jobs.url, token: 'jobs-token' });
    expect(res.body.connected).toBe(true);
    expect(jobs.seen.at(-1)).toMatchObject({
      method: 'POST',
      path: '/settings',
      headers: { authorization: 'Bearer jobs-token' },
      body: { targetDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    });

    await enable('jobs', ['jobs_team_availability']);
    const r = await t.services.agentRuntime.respond({
      accountId: owner.id,
      copy: 'staging',
      history: [],
      message: 'is a technician available?',
      channel: 'chat',
    });
    expect(r.functionCalls[0]).toMatchObject({ name: 'jobs_team_availability', ok: true, result: { valid: true } });
    expect(jobs.seen.at(-1)!.path).toBe('/team');

    jobs.failNext({ status: 502, body: { message: 'bad gateway' } });
    const check = await t.request('POST', '/api/v2/integration/jobs/check', { token: owner.token });
    expect(check.body).toMatchObject({ success: true, valid: false, status: 502 });
  });
});

describe('disconnecting and other trees', () => {
  it('never lets another organization read, change, check or disconnect a connection', async () => {
    const other = await t.signUp('other@integrations.test');
    const target = { targetAccountId: owner.id };
    const attempts = [
      await t.request('GET', '/api/v2/integration/slack', { token: other.token, query: target }),
      await t.request('GET', '/api/v2/integrations', { token: other.token, query: target }),
      await t.request('POST', '/api/v2/integration/slack', { token: other.token, query: target, body: { appData: { channel: '#pwned' } } }),
      await t.request('POST', '/api/v2/integration/slack/check', { token: other.token, query: target }),
      await t.request('DELETE', '/api/v2/integration/slack', { token: other.token, query: target }),
    ];
    for (const a of attempts) expect(a.status).toBe(403);
    const own = await t.request('GET', '/api/v2/integration/slack', { token: other.token });
    expect(own.body).toMatchObject({ connected: false, appData: {} });
    const mine = await t.request('GET', '/api/v2/integration/slack', { token: owner.token });
    expect(mine.body).toMatchObject({ connected: true, appData: { channel: '#desk' } });
  });

  it('disconnects: the functions leave the agent', async () => {
    expect((await t.request('DELETE', '/api/v2/integration/slack', { token: owner.token })).status).toBe(200);
    const fns = await t.request('GET', '/api/v2/agent/functions', { token: owner.token });
    expect(fns.body.functions.some((f: any) => f.appId === 'slack')).toBe(false);
    expect((await t.request('GET', '/api/v2/integration/slack', { token: owner.token })).body.connected).toBe(false);
  });
});

describe('attribution (POST /api/v1/ipCorrelator)', () => {
  it('records the page and referrer of a visitor, signed in or not, under a hash of the address', async () => {
    const anon = await t.request('POST', '/api/v1/ipCorrelator', { body: { page: '/pricing', ref: 'https://news.example/post' } });
    expect(anon.body).toEqual({ success: true });
    expect(await attributionFor(t.database.db, t.services.deps.config, '127.0.0.1')).toEqual({
      page: '/pricing',
      ref: 'https://news.example/post',
    });
    expect(await attributionFor(t.database.db, t.services.deps.config, '10.9.9.9')).toBeNull();
    const rows = await t.database.db.selectFrom('ip_correlations').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('127.0.0.1');
    await t.request('POST', '/api/v1/ipCorrelator', { token: owner.token, body: { page: '/app' } });
    const signedIn = await t.database.db
      .selectFrom('ip_correlations')
      .select(['account_id', 'ref'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(signedIn).toEqual({ account_id: owner.id, ref: '' });
  });

  it('names the field of a malformed body', async () => {
    const bad = await t.request('POST', '/api/v1/ipCorrelator', { body: { ref: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('page');
  });
});
