import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { campaignsRepository } from './repository.ts';

let t: TestApp;
let owner: Session;
let other: Session;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('owner@agents.test', { businessName: 'Bright Dental' });
  other = await t.signUp('other@agents.test', { businessName: 'Other Org' });
});
afterAll(async () => {
  await t.close();
});

const PROMPT_ERROR = {
  success: false,
  input: 'prompt',
  value: 'Please enter a prompt.',
  message: 'Please enter a prompt.',
  field: 'prompt',
};

describe('campaign: staging and production copies', () => {
  it('starts with a working default agent in both copies', async () => {
    const res = await t.request('GET', '/api/v2/campaigns', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.campaigns.map((c: any) => c.copy)).toEqual(['staging', 'default']);
    expect(res.body.campaigns[1]).toMatchObject({ published: true, confirmTransfers: false, mode: 'FULL_AGENT', accountId: owner.id });
    expect(res.body.campaigns[1].agentInstructions).toContain('Bright Dental');
  });

  it('saves to staging only, marking it unpublished, and publishes to production', async () => {
    const save = await t.request('POST', '/api/v2/campaign', {
      token: owner.token,
      body: {
        agentInstructions: 'You are the receptionist of {{businessName}}. We open at 8am.',
        greeting: 'Hi there!',
        timezone: 'Europe/Paris',
        actions: [{ name: 'Book' }],
      },
    });
    expect(save.status).toBe(200);
    expect(save.body.campaign).toMatchObject({ copy: 'staging', published: false, greeting: 'Hi there!', timezone: 'Europe/Paris' });
    expect(save.body.campaign.agentInstructions).toBe('You are the receptionist of Bright Dental. We open at 8am.');

    const staging = await t.request('GET', '/api/v2/agentEventRules/staging', { token: owner.token });
    expect(staging.body).toMatchObject({ replaceTemplateVars: true, hasUnpublishedChanges: true });
    const raw = await t.request('GET', '/api/v2/agentEventRules/staging', { token: owner.token, query: { replaceTemplateVars: false } });
    expect(raw.body.campaign.agentInstructions).toContain('{{businessName}}');
    expect(raw.body.replaceTemplateVars).toBe(false);
    const prod = await t.request('GET', '/api/v2/agentEventRules/default', { token: owner.token });
    expect(prod.body.campaign.agentInstructions).not.toContain('8am');

    const pub = await t.request('POST', '/api/v2/agent/publish', { token: owner.token, body: {} });
    expect(pub.status).toBe(200);
    expect(pub.body.campaign).toMatchObject({ copy: 'default', published: true, greeting: 'Hi there!' });
    const after = await t.request('GET', '/api/v2/agentEventRules/staging', { token: owner.token });
    expect(after.body).toMatchObject({ hasUnpublishedChanges: false, campaign: { published: true } });
  });

  it('revert discards staging changes', async () => {
    await t.request('POST', '/api/v2/campaign', { token: owner.token, body: { agentInstructions: 'Draft that will be thrown away.' } });
    const rev = await t.request('POST', '/api/v2/agent/revert', { token: owner.token });
    expect(rev.status).toBe(200);
    expect(rev.body.campaign.agentInstructions).toContain('We open at 8am.');
  });

  it('refuses empty instructions on save and publish with {input: prompt}', async () => {
    const save = await t.request('POST', '/api/v2/campaign', { token: owner.token, body: { agentInstructions: '   ' } });
    expect(save.status).toBe(400);
    expect(save.body).toMatchObject(PROMPT_ERROR);
    const org2 = await t.signUp('empty@agents.test');
    const staging = (await campaignsRepository.get(t.database.db, org2.id, 'staging')) ?? { data: null };
    await campaignsRepository.ensure(t.database.db, org2.id);
    const data = (await campaignsRepository.get(t.database.db, org2.id, 'staging'))!.data;
    await campaignsRepository.put(t.database.db, org2.id, 'staging', { ...data, agentInstructions: '' });
    expect(staging).toBeTruthy();
    const pub = await t.request('POST', '/api/v2/agent/publish', { token: org2.token });
    expect(pub.status).toBe(400);
    expect(pub.body).toMatchObject(PROMPT_ERROR);
    const prod = await t.request('GET', '/api/v2/agentEventRules/default', { token: org2.token });
    expect(prod.body.campaign.agentInstructions).not.toBe('');
  });

  it('ignores an app without appId and version, does not add a duplicate appId, and keeps only known functions', async () => {
    const res = await t.request('POST', '/api/v2/campaign', {
      token: owner.token,
      body: {
        apps: [
          { appId: 'schedule', version: '1' },
          { appId: 'sms' },
          { version: '1' },
          { appId: 'schedule', version: '2' },
          { appId: 'messages', version: '1' },
        ],
        enabledFunctions: { 'schedule:1': ['book_appointment', 'nope'], 'messages:1': ['take_message'], 'sms:1': ['send_sms'] },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.campaign.apps).toEqual([
      { appId: 'schedule', version: '1' },
      { appId: 'messages', version: '1' },
    ]);
    expect(res.body.campaign.enabledFunctions).toEqual({ 'schedule:1': ['book_appointment'], 'messages:1': ['take_message'] });
    const fns = await t.request('GET', '/api/v2/agent/functions', { token: owner.token });
    const book = fns.body.functions.find((f: any) => f.name === 'book_appointment');
    expect(book).toMatchObject({ appId: 'schedule', version: '1', added: true, enabled: true });
    expect(fns.body.functions.find((f: any) => f.name === 'send_sms')).toMatchObject({ added: false, enabled: false });
  });

  it('gives each agent account under an organization its own configuration (targetAccountId picks)', async () => {
    const created = await t.request('POST', '/api/v2/createAccount', { token: owner.token, body: { accountName: 'Night Line' } });
    expect(created.status).toBe(200);
    const agentId = created.body.id;
    await t.request('POST', '/api/v2/campaign', {
      token: owner.token,
      body: { targetAccountId: agentId, agentInstructions: 'Night line: we are closed.' },
    });
    const a = await t.request('GET', '/api/v2/agentEventRules/staging', { token: owner.token, query: { targetAccountId: agentId } });
    const o = await t.request('GET', '/api/v2/agentEventRules/staging', { token: owner.token });
    expect(a.body.campaign).toMatchObject({ accountId: agentId, agentInstructions: 'Night line: we are closed.' });
    expect(o.body.campaign.accountId).toBe(owner.id);
    expect(o.body.campaign.agentInstructions).not.toContain('Night line');
  });
});

describe('runPrompt', () => {
  it('runs one turn against staging, by username or id, showing function calls', async () => {
    const me = await t.request('GET', '/api/v1/account', { token: owner.token });
    const byName = await t.request('POST', '/api/v1/agent/runPrompt', {
      token: owner.token,
      body: { targetAgent: me.body.username, promptText: 'When do you open?' },
    });
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ success: true, functionCalls: [] });
    expect(byName.body.response).toContain('8am');

    const byId = await t.request('POST', '/api/v1/agent/runPrompt', {
      token: owner.token,
      body: { targetAgent: owner.id, promptText: 'Please book an appointment for Friday at 10am' },
    });
    expect(byId.body.functionCalls).toEqual([
      expect.objectContaining({
        name: 'book_appointment',
        appId: 'schedule',
        ok: true,
        arguments: expect.objectContaining({ time: 'Friday at 10am' }),
      }),
    ]);
    expect(byId.body.response).toContain('Friday at 10am');
  });

  it('asks for a prompt when promptText is empty', async () => {
    const res = await t.request('POST', '/api/v1/agent/runPrompt', { token: owner.token, body: { promptText: '' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(PROMPT_ERROR);
  });
});

describe('versions', () => {
  it('creates from staging by default, lists, renames, replaces, restores', async () => {
    const base = `/api/v2/agent/${owner.id}/versions`;
    const v1 = await t.request('POST', base, { token: owner.token, body: { title: 'Before the change' } });
    expect(v1.status).toBe(200);
    expect(v1.body.version).toMatchObject({ title: 'Before the change', source: 'staging', accountId: owner.id });
    const v2 = await t.request('POST', base, { token: owner.token, body: { source: 'default' } });
    expect(v2.body.version.source).toBe('default');

    const list = await t.request('GET', base, { token: owner.token });
    expect(list.body.versions.map((v: any) => v.id)).toEqual([v2.body.version.id, v1.body.version.id]);
    expect(list.body.versions[0].snapshot).toBeUndefined();
    const full = await t.request('GET', base, { token: owner.token, query: { includeData: true } });
    expect(full.body.versions[1].snapshot.agentInstructions).toContain('8am');

    const id = v1.body.version.id;
    const renamed = await t.request('PUT', `${base}/${id}/title`, { token: owner.token, body: { title: 'Eight o’clock' } });
    expect(renamed.body.version.title).toBe('Eight o’clock');

    const replaced = await t.request('POST', `${base}/${id}`, {
      token: owner.token,
      body: { snapshot: { agentInstructions: 'Snapshot text: we open at 7am.' } },
    });
    expect(replaced.body.version).toMatchObject({ source: 'snapshot' });

    await t.request('POST', '/api/v2/campaign', { token: owner.token, body: { agentInstructions: 'Something else entirely.' } });
    const restored = await t.request('POST', `${base}/${id}/restore`, { token: owner.token });
    expect(restored.status).toBe(200);
    expect(restored.body.campaign).toMatchObject({
      copy: 'staging',
      published: false,
      agentInstructions: 'Snapshot text: we open at 7am.',
    });
    const toProd = await t.request('POST', `${base}/${id}/restore`, { token: owner.token, body: { target: 'default' } });
    expect(toProd.body.campaign).toMatchObject({ copy: 'default', published: true, agentInstructions: 'Snapshot text: we open at 7am.' });
  });

  it('answers 404 for a version that is not the agent’s', async () => {
    const res = await t.request('PUT', `/api/v2/agent/${owner.id}/versions/99999/title`, { token: owner.token, body: { title: 'x' } });
    expect(res.status).toBe(404);
  });
});

describe('authorization: another tree reads nothing and changes nothing', () => {
  it('refuses every agent route for another organization', async () => {
    const before = await t.request('GET', '/api/v2/agentEventRules/staging', { token: owner.token });
    const target = { targetAccountId: owner.id };
    const attempts = [
      await t.request('GET', '/api/v2/campaigns', { token: other.token, query: target }),
      await t.request('GET', '/api/v2/agentEventRules/default', { token: other.token, query: target }),
      await t.request('POST', '/api/v2/campaign', { token: other.token, body: { ...target, agentInstructions: 'hacked' } }),
      await t.request('POST', '/api/v2/agent/publish', { token: other.token, body: target }),
      await t.request('POST', '/api/v2/agent/revert', { token: other.token, body: target }),
      await t.request('POST', '/api/v1/agent/runPrompt', { token: other.token, body: { targetAgent: owner.id, promptText: 'hi' } }),
      await t.request('GET', `/api/v2/agent/${owner.id}/versions`, { token: other.token }),
      await t.request('POST', `/api/v2/agent/${owner.id}/versions`, { token: other.token, body: { title: 'x' } }),
      await t.request('POST', '/api/v2/createAgentFromTemplate', { token: other.token, body: { ...target, templateId: 'receptionist' } }),
      await t.request('POST', '/api/v2/detachAgentFromTemplate', { token: other.token, body: target }),
      await t.request('GET', '/api/v2/agent/functions', { token: other.token, query: target }),
    ];
    for (const a of attempts) expect(a.status).toBe(403);
    const after = await t.request('GET', '/api/v2/agentEventRules/staging', { token: owner.token });
    expect(after.body.campaign).toEqual(before.body.campaign);
    const versions = await t.request('GET', `/api/v2/agent/${owner.id}/versions`, { token: owner.token });
    expect(versions.body.versions.every((v: any) => v.title !== 'x')).toBe(true);
  });

  it('refuses a version of another agent even with its own targetAccountId', async () => {
    const list = await t.request('GET', `/api/v2/agent/${owner.id}/versions`, { token: owner.token });
    const vid = list.body.versions[0].id;
    const res = await t.request('POST', `/api/v2/agent/${other.id}/versions/${vid}/restore`, { token: other.token });
    expect(res.status).toBe(404);
  });

  it('needs a token', async () => {
    expect((await t.request('GET', '/api/v2/campaigns')).status).toBe(401);
  });
});
