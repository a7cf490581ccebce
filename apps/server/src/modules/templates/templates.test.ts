import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let partner: Session;
let orgId: number;
let orgOwner: Session;
let stranger: Session;
beforeAll(async () => {
  t = await createTestApp();
  partner = await t.partner('Agency Partner');
  const org = await t.request('POST', '/api/v2/createOrganization', {
    token: partner.token,
    body: { name: 'Client Dental', email: 'client@templates.test' },
  });
  expect(org.status).toBe(200);
  orgId = org.body.id;
  orgOwner = await t.signIn('client@templates.test');
  stranger = await t.signUp('stranger@templates.test');
});
afterAll(async () => {
  await t.close();
});

describe('built-in templates', () => {
  it('lists the six built-ins with their fields', async () => {
    const res = await t.request('GET', '/api/v2/templates', { token: stranger.token });
    expect(res.status).toBe(200);
    const ids = res.body.templates.map((x: any) => x.templateId);
    expect(ids).toEqual(
      expect.arrayContaining(['receptionist', 'appointment-setter', 'lead-qualifier', 'support-line', 'real-estate', 'restaurant']),
    );
    const r = await t.request('GET', '/api/v2/templates/restaurant', { token: stranger.token });
    expect(r.body.template.templateFields.map((f: any) => f.name)).toEqual(['businessName', 'cuisine', 'hours', 'address', 'menu']);
    expect(r.body.template).toMatchObject({ builtIn: true, published: true });
  });

  it('makes an agent from a template, the fields filling its placeholders', async () => {
    const missing = await t.request('POST', '/api/v2/createAgentFromTemplate', {
      token: stranger.token,
      body: { templateId: 'restaurant', templateFields: { businessName: 'Luigi’s' } },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ field: 'templateFields.cuisine', message: 'templateFields.cuisine: Please fill in cuisine.' });

    const res = await t.request('POST', '/api/v2/createAgentFromTemplate', {
      token: stranger.token,
      body: {
        templateId: 'restaurant',
        templateFields: { businessName: 'Luigi’s', cuisine: 'Italian', hours: 'every day 5pm to 11pm', unknown: 'dropped' },
      },
    });
    expect(res.status).toBe(200);
    const c = res.body.campaign;
    expect(c).toMatchObject({
      templateId: 'restaurant',
      mode: 'TEMPLATE',
      published: false,
      templateFields: { businessName: 'Luigi’s', cuisine: 'Italian', hours: 'every day 5pm to 11pm' },
    });
    expect(c.agentInstructions).toContain('You are the host of Luigi’s, a Italian restaurant.');
    expect(c.agentInstructions).toContain('every day 5pm to 11pm');
    // Optional fields left empty take their lines with them.
    expect(c.agentInstructions).not.toContain('{{address}}');
    expect(c.agentInstructions).not.toContain('Our address is');
    expect(c.greeting).toBe('Thank you for calling Luigi’s! Would you like to make a reservation?');
    expect(c.apps.map((a: any) => a.appId)).toEqual(['schedule', 'sms', 'messages']);
    const answer = await t.request('POST', '/api/v1/agent/runPrompt', {
      token: stranger.token,
      body: { promptText: 'What are your opening hours?' },
    });
    expect(answer.body.response).toContain('every day 5pm to 11pm');
  });

  it('cannot change a built-in', async () => {
    const res = await t.request('POST', '/api/v2/templates/receptionist', { token: stranger.token, body: { name: 'Mine' } });
    expect(res.status).toBe(403);
  });
});

describe('a reseller’s templates', () => {
  let tplId: string;

  it('keeps templates that its organizations see once published', async () => {
    const created = await t.request('POST', '/api/v2/templates/createTemplate', {
      token: partner.token,
      body: {
        name: 'Agency dental',
        agentInstructions: 'You answer for {{clinic}}. Cleanings cost {{price}}.',
        greeting: 'Welcome to {{clinic}}!',
        templateFields: [
          { name: 'clinic', label: 'Clinic', required: true },
          { name: 'price', label: 'Price of a cleaning' },
        ],
        apps: [{ appId: 'messages', version: '1' }, { appId: 'messages', version: '1' }, { appId: 'x' }],
        enabledFunctions: { 'messages:1': ['take_message'] },
      },
    });
    expect(created.status).toBe(200);
    tplId = created.body.template.templateId;
    expect(created.body.template).toMatchObject({
      published: false,
      ownerAccountId: partner.id,
      apps: [{ appId: 'messages', version: '1' }],
    });

    const hidden = await t.request('GET', '/api/v2/templates', { token: orgOwner.token });
    expect(hidden.body.templates.some((x: any) => x.templateId === tplId)).toBe(false);
    const pub = await t.request('POST', `/api/v2/templates/${tplId}`, {
      token: partner.token,
      body: { published: true, name: 'Agency dental plan' },
    });
    expect(pub.body.template).toMatchObject({ published: true, name: 'Agency dental plan' });
    const seen = await t.request('GET', '/api/v2/templates', { token: orgOwner.token });
    expect(seen.body.templates.some((x: any) => x.templateId === tplId)).toBe(true);
    const strangers = await t.request('GET', `/api/v2/templates/${tplId}`, { token: stranger.token });
    expect(strangers.status).toBe(404);
    const org = await t.request('POST', `/api/v2/templates/${tplId}`, { token: orgOwner.token, body: { name: 'Taken over' } });
    expect(org.status).toBe(403);
  });

  it('agents made from it follow the template until detached', async () => {
    const made = await t.request('POST', '/api/v2/createAgentFromTemplate', {
      token: orgOwner.token,
      body: { templateId: tplId, templateFields: { clinic: 'Client Dental', price: '$80' }, publish: true },
    });
    expect(made.status).toBe(200);
    await t.request('POST', `/api/v2/templates/${tplId}`, {
      token: partner.token,
      body: { agentInstructions: 'You answer for {{clinic}}. Cleanings now cost {{price}}.' },
    });
    const org = await t.request('GET', '/api/v2/agentEventRules/default', { token: orgOwner.token });
    expect(org.body.campaign.agentInstructions).toBe('You answer for Client Dental. Cleanings now cost $80.');
    expect(org.body).toMatchObject({ replaceTemplateVars: true, templateReplacement: false });

    // Spec §6: the reseller gets the agent with the template's placeholders and the replacement flag...
    const reseller = await t.request('GET', '/api/v2/agentEventRules/default', { token: partner.token, query: { targetAccountId: orgId } });
    expect(reseller.status).toBe(200);
    expect(reseller.body).toMatchObject({ replaceTemplateVars: false, templateReplacement: true });
    expect(reseller.body.campaign.agentInstructions).toBe('You answer for {{clinic}}. Cleanings now cost {{price}}.');
    // ...unless it forces replacement.
    const forced = await t.request('GET', '/api/v2/agentEventRules/default', {
      token: partner.token,
      query: { targetAccountId: orgId, forceReplaceTemplateVars: true },
    });
    expect(forced.body).toMatchObject({ replaceTemplateVars: true, templateReplacement: false });
    expect(forced.body.campaign.agentInstructions).toContain('Client Dental');

    const detached = await t.request('POST', '/api/v2/detachAgentFromTemplate', { token: partner.token, body: { targetAccountId: orgId } });
    expect(detached.status).toBe(200);
    expect(detached.body).toMatchObject({ mode: 'FULL_AGENT', campaign: { mode: 'FULL_AGENT', templateId: null } });
    expect(detached.body.campaign.agentInstructions).toBe('You answer for Client Dental. Cleanings now cost $80.');
    await t.request('POST', `/api/v2/templates/${tplId}`, {
      token: partner.token,
      body: { agentInstructions: 'Changed again for {{clinic}}.' },
    });
    const after = await t.request('GET', '/api/v2/agentEventRules/default', { token: orgOwner.token });
    expect(after.body.campaign.agentInstructions).toBe('You answer for Client Dental. Cleanings now cost $80.');
  });

  it('writing other instructions into a template agent detaches it', async () => {
    await t.request('POST', '/api/v2/createAgentFromTemplate', {
      token: orgOwner.token,
      body: { templateId: tplId, templateFields: { clinic: 'Client Dental' } },
    });
    const same = await t.request('GET', '/api/v2/agentEventRules/staging', { token: orgOwner.token });
    const unchanged = await t.request('POST', '/api/v2/campaign', {
      token: orgOwner.token,
      body: { agentInstructions: same.body.campaign.agentInstructions, greeting: 'Hey' },
    });
    expect(unchanged.body.campaign.mode).toBe('TEMPLATE');
    const changed = await t.request('POST', '/api/v2/campaign', { token: orgOwner.token, body: { agentInstructions: 'My own words.' } });
    expect(changed.body.campaign).toMatchObject({ mode: 'FULL_AGENT', agentInstructions: 'My own words.' });
  });

  it('copies and deletes; only the owner deletes', async () => {
    const copy = await t.request('POST', '/api/v2/templates/createTemplate', { token: orgOwner.token, body: { copyFrom: 'receptionist' } });
    expect(copy.body.template).toMatchObject({ name: 'Receptionist (copy)', ownerAccountId: orgId, published: false });
    expect((await t.request('DELETE', `/api/v2/templates/${tplId}`, { token: orgOwner.token })).status).toBe(403);
    expect((await t.request('DELETE', `/api/v2/templates/${copy.body.template.templateId}`, { token: stranger.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/v2/templates/${copy.body.template.templateId}`, { token: orgOwner.token })).status).toBe(200);
    expect((await t.request('GET', `/api/v2/templates/${copy.body.template.templateId}`, { token: orgOwner.token })).status).toBe(404);
  });

  it('another tree’s token reads and changes nothing', async () => {
    const own = await t.request('POST', '/api/v2/templates/createTemplate', {
      token: partner.token,
      body: { name: 'Private Intake', greeting: 'Hello' },
    });
    expect(own.status).toBe(200);
    const id = own.body.template.templateId;
    const url = `/api/v2/templates/${id}`;
    // From its own account the template is not there; naming the partner's account is refused.
    expect((await t.request('GET', url, { token: stranger.token })).status).toBe(404);
    expect((await t.request('POST', url, { token: stranger.token, body: { name: 'Hijacked' } })).status).toBe(404);
    expect((await t.request('DELETE', url, { token: stranger.token })).status).toBe(404);
    const list = await t.request('GET', '/api/v2/templates', { token: stranger.token });
    expect(list.body.templates.map((x: { templateId: string }) => x.templateId)).not.toContain(id);
    const q = { targetAccountId: partner.id };
    expect((await t.request('GET', url, { token: stranger.token, query: q })).status).toBe(403);
    expect((await t.request('POST', url, { token: stranger.token, body: { ...q, name: 'Hijacked' } })).status).toBe(403);
    expect((await t.request('DELETE', url, { token: stranger.token, query: q })).status).toBe(403);
    const after = await t.request('GET', url, { token: partner.token });
    expect(after.body.template).toMatchObject({ name: 'Private Intake', greeting: 'Hello', published: false });
  });

  it('a name is required', async () => {
    const res = await t.request('POST', '/api/v2/templates/createTemplate', { token: partner.token, body: { name: ' ' } });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('name');
  });
});
