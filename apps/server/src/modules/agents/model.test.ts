import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type FakeServer } from '../../testing/fakes/server.ts';
import { createTestApp, type Session, type TestApp } from '../../testing/harness.ts';

/** An organization connects its own language model; its agents use it, others keep taking messages. */
let t: TestApp;
let org: Session;
let other: Session;
let fake: FakeServer;

const lastUser = (body: any): string => [...(body.messages as any[])].reverse().find((m) => m.role === 'user')?.content ?? '';

beforeAll(async () => {
  fake = await startFake((r) => {
    if (r.headers.authorization === 'Bearer wrong-key') return { status: 401, body: { error: { message: 'Incorrect API key provided' } } };
    if (r.path === '/v1/messages')
      return {
        status: 200,
        body: { content: [{ type: 'text', text: 'Hello from Claude' }], usage: { input_tokens: 5, output_tokens: 3 } },
      };
    return {
      status: 200,
      body: {
        choices: [{ message: { role: 'assistant', content: `Model heard: ${lastUser(r.body)}` } }],
        usage: { prompt_tokens: 9, completion_tokens: 4 },
      },
    };
  });
  // No model in the environment; the fake on 127.0.0.1 is allowed like a local Ollama would be.
  t = await createTestApp({ JOBS_AUTOSTART: 'false', LLM_STAND_IN: 'none', WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  org = await t.signUp('owner@model.test', { businessName: 'Model Dental' });
  other = await t.signUp('owner@other-model.test', { businessName: 'Other Dental' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const status = (s: Session) => t.request('GET', '/api/v2/agent/model', { token: s.token });
const ollama = () => ({ provider: 'openai-compatible', baseUrl: `${fake.url}/v1`, model: 'llama3.2' });

describe('connecting a language model', () => {
  it('says the agent takes messages when there is no model', async () => {
    const r = await status(org);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ mode: 'messages', source: null, provider: null, connection: null, canEdit: true });
  });

  it('tests a connection with a real request: the provider’s answer, or its error in its words', async () => {
    const ok = await t.request('POST', '/api/v2/agent/model/test', { token: org.token, body: { ...ollama(), apiKey: 'sk-local' } });
    expect(ok.body).toMatchObject({ success: true, ok: true, answer: 'Model heard: Say hello in five words or fewer.', error: null });
    const sent = fake.seen.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-local');
    expect(sent.body.model).toBe('llama3.2');

    const bad = await t.request('POST', '/api/v2/agent/model/test', {
      token: org.token,
      body: { provider: 'openai', baseUrl: `${fake.url}/v1`, model: 'gpt-4o-mini', apiKey: 'wrong-key' },
    });
    expect(bad.body.ok).toBe(false);
    expect(bad.body.error).toContain('Incorrect API key provided');

    const claude = await t.request('POST', '/api/v2/agent/model/test', {
      token: org.token,
      body: { provider: 'anthropic', baseUrl: fake.url, model: 'claude-sonnet-4-5', apiKey: 'sk-ant' },
    });
    expect(claude.body).toMatchObject({ ok: true, answer: 'Hello from Claude' });
    expect(fake.seen.at(-1)!.headers['x-api-key']).toBe('sk-ant');
  });

  it('names the field of bad input: a missing key or base URL, an inside address', async () => {
    const noKey = await t.request('POST', '/api/v2/agent/model', {
      token: org.token,
      body: { provider: 'anthropic', model: 'claude-sonnet-4-5' },
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body.field).toBe('apiKey');
    const noUrl = await t.request('POST', '/api/v2/agent/model', {
      token: org.token,
      body: { provider: 'openai-compatible', model: 'llama3.2' },
    });
    expect(noUrl.body.field).toBe('baseUrl');
    const inside = await t.request('POST', '/api/v2/agent/model/test', {
      token: org.token,
      body: { ...ollama(), baseUrl: 'http://10.1.2.3:11434/v1' },
    });
    expect(inside.status).toBe(400);
    expect(inside.body.field).toBe('baseUrl');
    const noModel = await t.request('POST', '/api/v2/agent/model', { token: org.token, body: { ...ollama(), model: ' ' } });
    expect(noModel.body.field).toBe('model');
  });

  it('stores the connection with the key sealed; the organization’s agents use it, another organization still takes messages', async () => {
    const saved = await t.request('POST', '/api/v2/agent/model', { token: org.token, body: { ...ollama(), apiKey: 'sk-secret-123' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      mode: 'model',
      source: 'organization',
      model: 'llama3.2',
      connection: { provider: 'openai-compatible', hasApiKey: true },
    });
    expect(JSON.stringify(saved.body)).not.toContain('sk-secret-123');
    const row = await t.services.deps.db.selectFrom('llm_connections').selectAll().executeTakeFirstOrThrow();
    expect(row.api_key).not.toContain('sk-secret-123');
    expect(row.api_key).toMatch(/^v1:/);

    // The agent answers through the connection (the saved key is sent).
    const reply = await t.request('POST', '/api/v1/agent/runPrompt', {
      token: org.token,
      body: { promptText: 'Do you open on Saturdays?' },
    });
    expect(reply.status).toBe(200);
    expect(JSON.stringify(reply.body)).toContain('Model heard: Do you open on Saturdays?');
    expect(fake.seen.at(-1)!.headers.authorization).toBe('Bearer sk-secret-123');
    // Testing again without a key uses the saved one.
    const again = await t.request('POST', '/api/v2/agent/model/test', { token: org.token, body: ollama() });
    expect(again.body.ok).toBe(true);
    expect(fake.seen.at(-1)!.headers.authorization).toBe('Bearer sk-secret-123');

    expect((await status(other)).body).toMatchObject({ mode: 'messages', connection: null });
    // Another tree neither reads nor changes it.
    expect((await t.request('GET', '/api/v2/agent/model', { token: other.token, query: { targetAccountId: org.id } })).status).toBe(403);
    expect((await t.request('POST', '/api/v2/agent/model/remove', { token: other.token, body: { targetAccountId: org.id } })).status).toBe(
      403,
    );

    const removed = await t.request('POST', '/api/v2/agent/model/remove', { token: org.token, body: {} });
    expect(removed.body).toMatchObject({ mode: 'messages', source: null, connection: null });
  });
});
