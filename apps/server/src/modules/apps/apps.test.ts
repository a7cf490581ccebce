import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromJson } from '../../platform/db/columns.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { appSecretBox } from './secrets.ts';

let t: TestApp;
let owner: Session;
let other: Session;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('owner@apps.test');
  other = await t.signUp('other@apps.test');
});
afterAll(async () => {
  await t.close();
});

describe('apps', () => {
  it('lists the built-in apps with their functions', async () => {
    const res = await t.request('GET', '/api/v2/apps', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.apps.map((a: any) => a.appId)).toEqual([
      'schedule',
      'transfer',
      'messages',
      'contacts',
      'calls',
      'sms',
      'email',
      'webhook',
    ]);
    expect(
      res.body.apps.find((a: any) => a.appId === 'webhook').dependencies.providers.auth.webhook.parameters.properties.url,
    ).toMatchObject({ value: '' });
  });

  it('configures a built-in, masking its secret and keeping it when the mask comes back', async () => {
    const app = (url: string, secret: string) => ({
      dependencies: {
        providers: { auth: { webhook: { parameters: { properties: { url: { value: url }, secret: { value: secret } } } } } },
      },
    });
    const res = await t.request('POST', '/api/v2/apps/webhook/1', {
      token: owner.token,
      body: { app: app('https://example.com/hook', 'top-secret') },
    });
    expect(res.status).toBe(200);
    const props = res.body.app.dependencies.providers.auth.webhook.parameters.properties;
    expect(props.url.value).toBe('https://example.com/hook');
    expect(props.secret.value).toBe('••••••••');
    const put = await t.request('PUT', '/api/v2/apps/webhook/1', {
      token: owner.token,
      body: { app: app('https://example.com/v2', '••••••••'), reload: true },
    });
    expect(put.body.app.dependencies.providers.auth.webhook.parameters.properties.url.value).toBe('https://example.com/v2');
    const row = await t.database.db
      .selectFrom('agent_apps')
      .select('app')
      .where('account_id', '=', owner.id)
      .where('app_id', '=', 'webhook')
      .executeTakeFirstOrThrow();
    // Stored sealed (apps/secrets.ts), and the mask sent back kept it.
    const storedApp = JSON.stringify(fromJson(row.app, {}));
    expect(storedApp).not.toContain('top-secret');
    const sealed = storedApp.match(/"enc:(v1:[^"]+)"/)![1]!;
    expect(appSecretBox(t.services.deps.config).open(sealed)).toBe('top-secret');
    const plain = await t.request('PUT', '/api/v2/apps/webhook/1', {
      token: owner.token,
      body: { app: app('https://example.com/v3', '••••••••') },
    });
    expect(plain.body).toEqual({ success: true });
  });

  it('creates an app of its own, refuses a duplicate, updates and deletes it', async () => {
    const app = {
      appData: {
        name: 'CRM',
        description: 'Our CRM',
        functions: [{ name: 'lookup_customer', description: 'Find a customer', parameters: { type: 'object', properties: {} } }],
      },
      dependencies: {
        providers: { auth: { webhook: { parameters: { properties: { url: { value: 'https://crm.example.com/agent' } } } } } },
      },
    };
    const res = await t.request('POST', '/api/v2/apps/crm/1', { token: owner.token, body: { app } });
    expect(res.status).toBe(200);
    expect(res.body.app).toMatchObject({ appId: 'crm', appVersion: '1', builtIn: false });
    expect((await t.request('POST', '/api/v2/apps/crm/1', { token: owner.token, body: { app } })).status).toBe(409);
    const bad = await t.request('POST', '/api/v2/apps/bad/1', {
      token: owner.token,
      body: { app: { appData: { name: 'Bad', description: '', functions: [{ name: 'has space', description: '', parameters: {} }] } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toContain('app.appData.functions.0.name');

    const upd = await t.request('PUT', '/api/v2/apps/crm/1', {
      token: owner.token,
      body: { app: { appData: { name: 'CRM 2' } }, reload: true },
    });
    expect(upd.body.app.appData).toMatchObject({ name: 'CRM 2', description: 'Our CRM' });
    const fns = await t.request('GET', '/api/v2/agent/functions', { token: owner.token });
    expect(fns.body.functions.some((f: any) => f.appId === 'crm' && f.name === 'lookup_customer')).toBe(true);

    expect((await t.request('GET', '/api/v2/apps/crm/1', { token: other.token })).status).toBe(404);
    expect((await t.request('DELETE', '/api/v2/apps/crm/1', { token: owner.token })).status).toBe(200);
    expect((await t.request('GET', '/api/v2/apps/crm/1', { token: owner.token })).status).toBe(404);
    expect((await t.request('PUT', '/api/v2/apps/crm/1', { token: owner.token, body: { app: {} } })).status).toBe(404);
  });

  it('another tree cannot read or change an account’s apps', async () => {
    const q = { targetAccountId: owner.id };
    expect((await t.request('GET', '/api/v2/apps', { token: other.token, query: q })).status).toBe(403);
    expect((await t.request('POST', '/api/v2/apps/webhook/1', { token: other.token, body: { ...q, app: {} } })).status).toBe(403);
    expect((await t.request('DELETE', '/api/v2/apps/webhook/1', { token: other.token, query: q })).status).toBe(403);
    const mine = await t.request('GET', '/api/v2/apps/webhook/1', { token: owner.token });
    expect(mine.body.app.dependencies.providers.auth.webhook.parameters.properties.url.value).toBe('https://example.com/v3');
  });
});
