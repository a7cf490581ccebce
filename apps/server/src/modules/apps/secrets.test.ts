import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type FakeServer } from '../../testing/fakes/server.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';
import { defaultCampaign, putCampaign } from '../agents/index.ts';
import { builtinApp } from './builtins.ts';
import { sealStoredAppSecrets } from './index.ts';
import { appsRepository, SECRET_MASK } from './repository.ts';
import { appSecretBox } from './secrets.ts';

/** Apps' secrets: sealed in agent_apps, masked in every answer, opened only for the call; rows from before sealed at start. */
let t: TestApp;
let owner: Session;
let other: Session;
let receiver: FakeServer;

beforeAll(async () => {
  receiver = await startFake(() => ({ status: 200, body: { summary: 'Passed on.' } }));
  t = await createTestApp({ WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  owner = await t.signUp('secrets@apps.test');
  other = await t.signUp('other@apps.test');
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const stored = async (appId: string) =>
  t.database.db
    .selectFrom('agent_apps')
    .select(['app', 'secrets_sealed'])
    .where('account_id', '=', owner.id)
    .where('app_id', '=', appId)
    .executeTakeFirstOrThrow();
const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const webhookApp = (props: Record<string, unknown>) => ({
  dependencies: { providers: { auth: { webhook: { parameters: { properties: props } } } } },
});

describe('custom and built-in apps’ secrets', () => {
  it('stores a custom app’s secret and key-like parameters sealed and answers them masked', async () => {
    const app = {
      appData: {
        name: 'CRM',
        description: 'Ours',
        functions: [{ name: 'lookup', description: 'Find', parameters: { type: 'object', properties: {} } }],
      },
      ...webhookApp({
        url: { value: `${receiver.url}/crm` },
        secret: { value: 'shh-custom-123', secret: true },
        apiKey: { value: 'key-456' },
      }),
    };
    const res = await t.request('POST', '/api/v2/apps/crm/1', { token: owner.token, body: { app } });
    expect(res.status).toBe(200);
    const props = res.body.app.dependencies.providers.auth.webhook.parameters.properties;
    expect(props.secret.value).toBe(SECRET_MASK);
    expect(props.apiKey.value).toBe(SECRET_MASK);
    expect(props.url.value).toBe(`${receiver.url}/crm`);
    const row = await stored('crm');
    expect(text(row.app)).not.toContain('shh-custom-123');
    expect(text(row.app)).not.toContain('key-456');
    expect(text(row.app)).toContain('enc:v1:');
    expect(Number(row.secrets_sealed)).toBe(1);
    for (const r of [
      await t.request('GET', '/api/v2/apps', { token: owner.token }),
      await t.request('GET', '/api/v2/apps/crm/1', { token: owner.token }),
    ]) {
      expect(JSON.stringify(r.body)).not.toContain('shh-custom-123');
      expect(JSON.stringify(r.body)).not.toContain('enc:v1:');
    }
  });

  it('keeps the stored secret when the mask is sent back, and replaces it when a new one is', async () => {
    const before = text((await stored('crm')).app);
    await t.request('PUT', '/api/v2/apps/crm/1', {
      token: owner.token,
      body: {
        app: {
          appData: { name: 'CRM 2' },
          ...webhookApp({ secret: { value: SECRET_MASK, secret: true }, apiKey: { value: SECRET_MASK } }),
        },
      },
    });
    const after = text((await stored('crm')).app);
    const sealedOf = (s: string) => s.match(/enc:v1:[^"]+/g)!.sort();
    expect(sealedOf(after)).toEqual(sealedOf(before));
  });

  it('sends the real secret to the webhook when the agent calls it', async () => {
    await t.request('POST', '/api/v2/apps/webhook/1', {
      token: owner.token,
      body: { app: webhookApp({ url: { value: `${receiver.url}/hook` }, secret: { value: 'shh-builtin-789' } }) },
    });
    expect(text((await stored('webhook')).app)).not.toContain('shh-builtin-789');
    await putCampaign(t.database.db, owner.id, 'default', {
      ...defaultCampaign(),
      apps: [{ appId: 'webhook', version: '1' }],
      enabledFunctions: { 'webhook:1': ['call_webhook'] },
    });
    const r = await t.services.agentRuntime.respond({ accountId: owner.id, history: [], message: 'webhook please', channel: 'chat' });
    expect(r.functionCalls[0]).toMatchObject({ name: 'call_webhook', ok: true });
    expect(receiver.seen.at(-1)!.headers['x-webhook-secret']).toBe('shh-builtin-789');
  });

  it('seals apps stored before secrets were sealed (the migration’s keyed step), once', async () => {
    await appsRepository.save(t.database.db, owner.id, {
      ...builtinApp('webhook', '1')!,
      appId: 'legacy',
      builtIn: false,
      ...webhookApp({ url: { value: `${receiver.url}/legacy` }, secret: { value: 'plain-legacy-000', secret: true } }),
    } as never);
    expect(text((await stored('legacy')).app)).toContain('plain-legacy-000');
    expect(await sealStoredAppSecrets(t.database.db, appSecretBox(t.services.deps.config))).toBe(1);
    const row = await stored('legacy');
    expect(text(row.app)).not.toContain('plain-legacy-000');
    expect(Number(row.secrets_sealed)).toBe(1);
    expect(await sealStoredAppSecrets(t.database.db, appSecretBox(t.services.deps.config))).toBe(0);
  });
});

describe('another tree', () => {
  it('cannot read or change the apps or their secrets', async () => {
    const q = { targetAccountId: owner.id };
    expect((await t.request('GET', '/api/v2/apps/crm/1', { token: other.token, query: q })).status).toBe(403);
    expect((await t.request('PUT', '/api/v2/apps/crm/1', { token: other.token, query: q, body: { app: {} } })).status).toBe(403);
    const own = await t.request('GET', '/api/v2/apps', { token: other.token });
    expect(JSON.stringify(own.body)).not.toContain('crm');
    expect(text((await stored('crm')).app)).toContain('enc:v1:');
  });
});
